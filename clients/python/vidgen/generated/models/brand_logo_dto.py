from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.brand_logo_dto_position_type_0 import BrandLogoDtoPositionType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="BrandLogoDto")


@_attrs_define
class BrandLogoDto:
    """
    Attributes:
        asset_id (UUID): An image asset of this account (a PNG keeps its transparency)
        position (BrandLogoDtoPositionType0 | None | Unset):  Default: BrandLogoDtoPositionType0.TOP_RIGHT.
        size (float | None | Unset): The logo's width as a share of the frame's short side Default: 0.12.
        opacity (float | None | Unset):  Default: 0.9.
    """

    asset_id: UUID
    position: BrandLogoDtoPositionType0 | None | Unset = (
        BrandLogoDtoPositionType0.TOP_RIGHT
    )
    size: float | None | Unset = 0.12
    opacity: float | None | Unset = 0.9

    def to_dict(self) -> dict[str, Any]:
        asset_id = str(self.asset_id)

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        elif isinstance(self.position, BrandLogoDtoPositionType0):
            position = self.position.value
        else:
            position = self.position

        size: float | None | Unset
        if isinstance(self.size, Unset):
            size = UNSET
        else:
            size = self.size

        opacity: float | None | Unset
        if isinstance(self.opacity, Unset):
            opacity = UNSET
        else:
            opacity = self.opacity

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "asset_id": asset_id,
            }
        )
        if position is not UNSET:
            field_dict["position"] = position
        if size is not UNSET:
            field_dict["size"] = size
        if opacity is not UNSET:
            field_dict["opacity"] = opacity

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        asset_id = UUID(d.pop("asset_id"))

        def _parse_position(data: object) -> BrandLogoDtoPositionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                position_type_0 = BrandLogoDtoPositionType0(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandLogoDtoPositionType0 | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_size(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        size = _parse_size(d.pop("size", UNSET))

        def _parse_opacity(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        opacity = _parse_opacity(d.pop("opacity", UNSET))

        brand_logo_dto = cls(
            asset_id=asset_id,
            position=position,
            size=size,
            opacity=opacity,
        )

        return brand_logo_dto
