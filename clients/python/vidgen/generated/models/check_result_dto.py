from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.check_result_dto_status import CheckResultDtoStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="CheckResultDto")


@_attrs_define
class CheckResultDto:
    """
    Attributes:
        status (CheckResultDtoStatus):
        ms (float): How long the check took
        error (str | Unset):  Example: no answer within 2000 ms.
    """

    status: CheckResultDtoStatus
    ms: float
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        ms = self.ms

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "ms": ms,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = CheckResultDtoStatus(d.pop("status"))

        ms = d.pop("ms")

        error = d.pop("error", UNSET)

        check_result_dto = cls(
            status=status,
            ms=ms,
            error=error,
        )

        check_result_dto.additional_properties = d
        return check_result_dto

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
