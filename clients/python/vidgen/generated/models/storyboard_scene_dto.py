from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StoryboardSceneDto")


@_attrs_define
class StoryboardSceneDto:
    """
    Attributes:
        scene_id (UUID):
        position (float):
        narration (str):
        image_url (None | str): Absolute, signed and expiring: downloadable without a key: the scene's picture (or
            clip); null while it is not made yet
        estimated_seconds (float): How long the scene lasts: its narration once made, else its reading time at the
            video’s voice speed
    """

    scene_id: UUID
    position: float
    narration: str
    image_url: None | str
    estimated_seconds: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scene_id = str(self.scene_id)

        position = self.position

        narration = self.narration

        image_url: None | str
        image_url = self.image_url

        estimated_seconds = self.estimated_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scene_id": scene_id,
                "position": position,
                "narration": narration,
                "image_url": image_url,
                "estimated_seconds": estimated_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        scene_id = UUID(d.pop("scene_id"))

        position = d.pop("position")

        narration = d.pop("narration")

        def _parse_image_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        image_url = _parse_image_url(d.pop("image_url"))

        estimated_seconds = d.pop("estimated_seconds")

        storyboard_scene_dto = cls(
            scene_id=scene_id,
            position=position,
            narration=narration,
            image_url=image_url,
            estimated_seconds=estimated_seconds,
        )

        storyboard_scene_dto.additional_properties = d
        return storyboard_scene_dto

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
