from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.output_options_dto_fps import OutputOptionsDtoFps
from ..models.output_options_dto_resolution import OutputOptionsDtoResolution

T = TypeVar("T", bound="OutputOptionsDto")


@_attrs_define
class OutputOptionsDto:
    """
    Attributes:
        resolution (OutputOptionsDtoResolution):
        fps (OutputOptionsDtoFps):
    """

    resolution: OutputOptionsDtoResolution
    fps: OutputOptionsDtoFps
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        resolution = self.resolution.value

        fps = self.fps.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "resolution": resolution,
                "fps": fps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        resolution = OutputOptionsDtoResolution(d.pop("resolution"))

        fps = OutputOptionsDtoFps(d.pop("fps"))

        output_options_dto = cls(
            resolution=resolution,
            fps=fps,
        )

        output_options_dto.additional_properties = d
        return output_options_dto

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
