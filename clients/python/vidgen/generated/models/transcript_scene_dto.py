from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.transcript_word_dto import TranscriptWordDto


T = TypeVar("T", bound="TranscriptSceneDto")


@_attrs_define
class TranscriptSceneDto:
    """
    Attributes:
        scene_id (UUID):
        start (float): Seconds from the start of the video
        end (float): Seconds from the start of the video
        words (list[TranscriptWordDto]): In order, inside the scene
    """

    scene_id: UUID
    start: float
    end: float
    words: list[TranscriptWordDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scene_id = str(self.scene_id)

        start = self.start

        end = self.end

        words = []
        for words_item_data in self.words:
            words_item = words_item_data.to_dict()
            words.append(words_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scene_id": scene_id,
                "start": start,
                "end": end,
                "words": words,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.transcript_word_dto import TranscriptWordDto

        d = dict(src_dict)
        scene_id = UUID(d.pop("scene_id"))

        start = d.pop("start")

        end = d.pop("end")

        words = []
        _words = d.pop("words")
        for words_item_data in _words:
            words_item = TranscriptWordDto.from_dict(words_item_data)

            words.append(words_item)

        transcript_scene_dto = cls(
            scene_id=scene_id,
            start=start,
            end=end,
            words=words,
        )

        transcript_scene_dto.additional_properties = d
        return transcript_scene_dto

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
