from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MusicDto")


@_attrs_define
class MusicDto:
    """
    Attributes:
        asset_id (UUID): An uploaded audio asset of this account
        volume (float | None | Unset):  Default: 0.15.
    """

    asset_id: UUID
    volume: float | None | Unset = 0.15

    def to_dict(self) -> dict[str, Any]:
        asset_id = str(self.asset_id)

        volume: float | None | Unset
        if isinstance(self.volume, Unset):
            volume = UNSET
        else:
            volume = self.volume

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "asset_id": asset_id,
            }
        )
        if volume is not UNSET:
            field_dict["volume"] = volume

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        asset_id = UUID(d.pop("asset_id"))

        def _parse_volume(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        volume = _parse_volume(d.pop("volume", UNSET))

        music_dto = cls(
            asset_id=asset_id,
            volume=volume,
        )

        return music_dto
