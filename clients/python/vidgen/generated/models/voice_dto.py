from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.voice_dto_provider import VoiceDtoProvider
from ..models.voice_dto_quality import VoiceDtoQuality

T = TypeVar("T", bound="VoiceDto")


@_attrs_define
class VoiceDto:
    """
    Attributes:
        id (str): What `voice` on POST /videos takes Example: de+f3.
        name (str):  Example: German, female.
        language (str): BCP 47 tag (`mul`: every language the provider supports) Example: de.
        provider (VoiceDtoProvider): The engine that speaks it: Piper (neural, offline), espeak-ng (formant, offline) or
            OpenAI
        quality (VoiceDtoQuality): `neural`: a trained voice model; `formant`: rule-based synthesis. Neural voices are
            listed first
    """

    id: str
    name: str
    language: str
    provider: VoiceDtoProvider
    quality: VoiceDtoQuality
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        language = self.language

        provider = self.provider.value

        quality = self.quality.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "language": language,
                "provider": provider,
                "quality": quality,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        language = d.pop("language")

        provider = VoiceDtoProvider(d.pop("provider"))

        quality = VoiceDtoQuality(d.pop("quality"))

        voice_dto = cls(
            id=id,
            name=name,
            language=language,
            provider=provider,
            quality=quality,
        )

        voice_dto.additional_properties = d
        return voice_dto

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
