from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SpeechLanguageDto")


@_attrs_define
class SpeechLanguageDto:
    """
    Attributes:
        language (str): The language’s primary subtag: every tag of that language Example: en.
        provider (str): The engine that speaks it, as GET /voices names it Example: piper.
        model (str): The voice a video in that language gets by default (a Piper voice is its own model) Example: en_US-
            joe-medium.
    """

    language: str
    provider: str
    model: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        language = self.language

        provider = self.provider

        model = self.model

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "language": language,
                "provider": provider,
                "model": model,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        language = d.pop("language")

        provider = d.pop("provider")

        model = d.pop("model")

        speech_language_dto = cls(
            language=language,
            provider=provider,
            model=model,
        )

        speech_language_dto.additional_properties = d
        return speech_language_dto

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
