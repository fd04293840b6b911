from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.captions_dto_position_type_0 import CaptionsDtoPositionType0
from ..models.captions_dto_size_type_0 import CaptionsDtoSizeType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="CaptionsDto")


@_attrs_define
class CaptionsDto:
    """
    Attributes:
        burn_in (bool | None | Unset): Draw captions into the picture Default: True.
        position (CaptionsDtoPositionType0 | None | Unset):  Default: CaptionsDtoPositionType0.BOTTOM.
        size (CaptionsDtoSizeType0 | None | Unset):  Default: CaptionsDtoSizeType0.MEDIUM.
    """

    burn_in: bool | None | Unset = True
    position: CaptionsDtoPositionType0 | None | Unset = CaptionsDtoPositionType0.BOTTOM
    size: CaptionsDtoSizeType0 | None | Unset = CaptionsDtoSizeType0.MEDIUM

    def to_dict(self) -> dict[str, Any]:
        burn_in: bool | None | Unset
        if isinstance(self.burn_in, Unset):
            burn_in = UNSET
        else:
            burn_in = self.burn_in

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        elif isinstance(self.position, CaptionsDtoPositionType0):
            position = self.position.value
        else:
            position = self.position

        size: None | str | Unset
        if isinstance(self.size, Unset):
            size = UNSET
        elif isinstance(self.size, CaptionsDtoSizeType0):
            size = self.size.value
        else:
            size = self.size

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if burn_in is not UNSET:
            field_dict["burn_in"] = burn_in
        if position is not UNSET:
            field_dict["position"] = position
        if size is not UNSET:
            field_dict["size"] = size

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_burn_in(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        burn_in = _parse_burn_in(d.pop("burn_in", UNSET))

        def _parse_position(data: object) -> CaptionsDtoPositionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                position_type_0 = CaptionsDtoPositionType0(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CaptionsDtoPositionType0 | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_size(data: object) -> CaptionsDtoSizeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                size_type_0 = CaptionsDtoSizeType0(data)

                return size_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CaptionsDtoSizeType0 | None | Unset, data)

        size = _parse_size(d.pop("size", UNSET))

        captions_dto = cls(
            burn_in=burn_in,
            position=position,
            size=size,
        )

        return captions_dto
