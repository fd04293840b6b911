from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.output_dto_fps_type_0 import OutputDtoFpsType0
from ..models.output_dto_resolution_type_0 import OutputDtoResolutionType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="OutputDto")


@_attrs_define
class OutputDto:
    """
    Attributes:
        resolution (None | OutputDtoResolutionType0 | Unset): 720p: 1280×720, 720×1280 or 1024×1024; 1080p: 1920×1080,
            1080×1920 or 1080×1080 Default: OutputDtoResolutionType0.VALUE_0.
        fps (None | OutputDtoFpsType0 | Unset): Frames per second Default: OutputDtoFpsType0.VALUE_24.
    """

    resolution: None | OutputDtoResolutionType0 | Unset = (
        OutputDtoResolutionType0.VALUE_0
    )
    fps: None | OutputDtoFpsType0 | Unset = OutputDtoFpsType0.VALUE_24

    def to_dict(self) -> dict[str, Any]:
        resolution: None | str | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, OutputDtoResolutionType0):
            resolution = self.resolution.value
        else:
            resolution = self.resolution

        fps: int | None | Unset
        if isinstance(self.fps, Unset):
            fps = UNSET
        elif isinstance(self.fps, OutputDtoFpsType0):
            fps = self.fps.value
        else:
            fps = self.fps

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if resolution is not UNSET:
            field_dict["resolution"] = resolution
        if fps is not UNSET:
            field_dict["fps"] = fps

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_resolution(data: object) -> None | OutputDtoResolutionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_0 = OutputDtoResolutionType0(data)

                return resolution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputDtoResolutionType0 | Unset, data)

        resolution = _parse_resolution(d.pop("resolution", UNSET))

        def _parse_fps(data: object) -> None | OutputDtoFpsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                fps_type_0 = OutputDtoFpsType0(data)

                return fps_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputDtoFpsType0 | Unset, data)

        fps = _parse_fps(d.pop("fps", UNSET))

        output_dto = cls(
            resolution=resolution,
            fps=fps,
        )

        return output_dto
