from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.storyboard_scene_dto import StoryboardSceneDto


T = TypeVar("T", bound="StoryboardDto")


@_attrs_define
class StoryboardDto:
    """
    Attributes:
        sheet_url (None | str): Absolute, signed and expiring: downloadable without a key: a PNG contact sheet of the
            scenes' pictures in order, numbered, without their text (an empty tile for a picture not made yet); null without
            scenes
        scenes (list[StoryboardSceneDto]): In order of position
    """

    sheet_url: None | str
    scenes: list[StoryboardSceneDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sheet_url: None | str
        sheet_url = self.sheet_url

        scenes = []
        for scenes_item_data in self.scenes:
            scenes_item = scenes_item_data.to_dict()
            scenes.append(scenes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sheet_url": sheet_url,
                "scenes": scenes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.storyboard_scene_dto import StoryboardSceneDto

        d = dict(src_dict)

        def _parse_sheet_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sheet_url = _parse_sheet_url(d.pop("sheet_url"))

        scenes = []
        _scenes = d.pop("scenes")
        for scenes_item_data in _scenes:
            scenes_item = StoryboardSceneDto.from_dict(scenes_item_data)

            scenes.append(scenes_item)

        storyboard_dto = cls(
            sheet_url=sheet_url,
            scenes=scenes,
        )

        storyboard_dto.additional_properties = d
        return storyboard_dto

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
