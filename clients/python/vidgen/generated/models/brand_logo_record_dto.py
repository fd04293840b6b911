from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.brand_logo_record_dto_position import BrandLogoRecordDtoPosition

T = TypeVar("T", bound="BrandLogoRecordDto")


@_attrs_define
class BrandLogoRecordDto:
    """
    Attributes:
        asset_id (UUID):
        position (BrandLogoRecordDtoPosition):
        size (float):
        opacity (float):
    """

    asset_id: UUID
    position: BrandLogoRecordDtoPosition
    size: float
    opacity: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        asset_id = str(self.asset_id)

        position = self.position.value

        size = self.size

        opacity = self.opacity

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "asset_id": asset_id,
                "position": position,
                "size": size,
                "opacity": opacity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        asset_id = UUID(d.pop("asset_id"))

        position = BrandLogoRecordDtoPosition(d.pop("position"))

        size = d.pop("size")

        opacity = d.pop("opacity")

        brand_logo_record_dto = cls(
            asset_id=asset_id,
            position=position,
            size=size,
            opacity=opacity,
        )

        brand_logo_record_dto.additional_properties = d
        return brand_logo_record_dto

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
