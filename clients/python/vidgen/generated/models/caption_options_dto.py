from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.caption_options_dto_position import CaptionOptionsDtoPosition
from ..models.caption_options_dto_size import CaptionOptionsDtoSize

T = TypeVar("T", bound="CaptionOptionsDto")


@_attrs_define
class CaptionOptionsDto:
    """
    Attributes:
        burn_in (bool):
        position (CaptionOptionsDtoPosition):
        size (CaptionOptionsDtoSize):
    """

    burn_in: bool
    position: CaptionOptionsDtoPosition
    size: CaptionOptionsDtoSize
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        burn_in = self.burn_in

        position = self.position.value

        size = self.size.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "burn_in": burn_in,
                "position": position,
                "size": size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        burn_in = d.pop("burn_in")

        position = CaptionOptionsDtoPosition(d.pop("position"))

        size = CaptionOptionsDtoSize(d.pop("size"))

        caption_options_dto = cls(
            burn_in=burn_in,
            position=position,
            size=size,
        )

        caption_options_dto.additional_properties = d
        return caption_options_dto

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
