from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.brand_captions_record_dto_position import BrandCaptionsRecordDtoPosition

T = TypeVar("T", bound="BrandCaptionsRecordDto")


@_attrs_define
class BrandCaptionsRecordDto:
    """
    Attributes:
        text_color (str):
        box_color (str):
        box_opacity (float):
        highlight_color (str):
        position (BrandCaptionsRecordDtoPosition):
    """

    text_color: str
    box_color: str
    box_opacity: float
    highlight_color: str
    position: BrandCaptionsRecordDtoPosition
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        text_color = self.text_color

        box_color = self.box_color

        box_opacity = self.box_opacity

        highlight_color = self.highlight_color

        position = self.position.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "text_color": text_color,
                "box_color": box_color,
                "box_opacity": box_opacity,
                "highlight_color": highlight_color,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text_color = d.pop("text_color")

        box_color = d.pop("box_color")

        box_opacity = d.pop("box_opacity")

        highlight_color = d.pop("highlight_color")

        position = BrandCaptionsRecordDtoPosition(d.pop("position"))

        brand_captions_record_dto = cls(
            text_color=text_color,
            box_color=box_color,
            box_opacity=box_opacity,
            highlight_color=highlight_color,
            position=position,
        )

        brand_captions_record_dto.additional_properties = d
        return brand_captions_record_dto

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
