from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateCallbackDto")


@_attrs_define
class UpdateCallbackDto:
    """
    Attributes:
        is_active (bool): false stops deliveries to this webhook; true resumes them
    """

    is_active: bool

    def to_dict(self) -> dict[str, Any]:
        is_active = self.is_active

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "is_active": is_active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        is_active = d.pop("is_active")

        update_callback_dto = cls(
            is_active=is_active,
        )

        return update_callback_dto
