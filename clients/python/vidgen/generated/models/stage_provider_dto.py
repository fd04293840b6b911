from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StageProviderDto")


@_attrs_define
class StageProviderDto:
    """
    Attributes:
        provider (str): What serves the stage: `local` (offline), `openai` (an OpenAI-compatible API), `ollama` (the
            Ollama model the worker found at OLLAMA_HOST with no script provider set), `llama` (a GGUF model in the worker),
            for stock `pexels` or `pixabay`, `none` Example: openai.
        model (None | str): The model (for `llama`, the model file’s name; for local pictures `illustrator`, local
            scripts `planner`); null when the stage has none Example: gpt-4o-mini.
    """

    provider: str
    model: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model: None | str
        model = self.model

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provider": provider,
                "model": model,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider = d.pop("provider")

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))

        stage_provider_dto = cls(
            provider=provider,
            model=model,
        )

        stage_provider_dto.additional_properties = d
        return stage_provider_dto

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
