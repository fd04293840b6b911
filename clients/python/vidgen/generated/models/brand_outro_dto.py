from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BrandOutroDto")


@_attrs_define
class BrandOutroDto:
    """
    Attributes:
        text (str): The text on the closing card
        seconds (float | None | Unset):  Default: 2.0.
    """

    text: str
    seconds: float | None | Unset = 2.0

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        seconds: float | None | Unset
        if isinstance(self.seconds, Unset):
            seconds = UNSET
        else:
            seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text")

        def _parse_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        seconds = _parse_seconds(d.pop("seconds", UNSET))

        brand_outro_dto = cls(
            text=text,
            seconds=seconds,
        )

        return brand_outro_dto
