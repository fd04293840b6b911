from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TranslateVideoDto")


@_attrs_define
class TranslateVideoDto:
    """
    Attributes:
        language (str): BCP 47 language to translate the video into; not the language it is in Example: de.
        voice (None | str | Unset): A voice id from GET /voices that speaks `language`; left out, the language's default
            voice Example: de.
    """

    language: str
    voice: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        language = self.language

        voice: None | str | Unset
        if isinstance(self.voice, Unset):
            voice = UNSET
        else:
            voice = self.voice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "language": language,
            }
        )
        if voice is not UNSET:
            field_dict["voice"] = voice

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        language = d.pop("language")

        def _parse_voice(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        voice = _parse_voice(d.pop("voice", UNSET))

        translate_video_dto = cls(
            language=language,
            voice=voice,
        )

        return translate_video_dto
