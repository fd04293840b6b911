from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.speech_language_dto import SpeechLanguageDto


T = TypeVar("T", bound="SpeechStageProviderDto")


@_attrs_define
class SpeechStageProviderDto:
    """
    Attributes:
        provider (str): What serves the stage: `local` (offline), `openai` (an OpenAI-compatible API), `ollama` (the
            Ollama model the worker found at OLLAMA_HOST with no script provider set), `llama` (a GGUF model in the worker),
            for stock `pexels` or `pixabay`, `none` Example: openai.
        model (None | str): The model (for `llama`, the model file’s name; for local pictures `illustrator`, local
            scripts `planner`); null when the stage has none Example: gpt-4o-mini.
        languages (list[SpeechLanguageDto]): The languages spoken by another engine than `model` says (with the local
            provider, each language with an installed Piper voice); `model` speaks every other language. [] when one model
            speaks them all
    """

    provider: str
    model: None | str
    languages: list[SpeechLanguageDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        model: None | str
        model = self.model

        languages = []
        for languages_item_data in self.languages:
            languages_item = languages_item_data.to_dict()
            languages.append(languages_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provider": provider,
                "model": model,
                "languages": languages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.speech_language_dto import SpeechLanguageDto

        d = dict(src_dict)
        provider = d.pop("provider")

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))

        languages = []
        _languages = d.pop("languages")
        for languages_item_data in _languages:
            languages_item = SpeechLanguageDto.from_dict(languages_item_data)

            languages.append(languages_item)

        speech_stage_provider_dto = cls(
            provider=provider,
            model=model,
            languages=languages,
        )

        speech_stage_provider_dto.additional_properties = d
        return speech_stage_provider_dto

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
