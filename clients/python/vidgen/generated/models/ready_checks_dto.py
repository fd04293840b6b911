from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.check_result_dto import CheckResultDto


T = TypeVar("T", bound="ReadyChecksDto")


@_attrs_define
class ReadyChecksDto:
    """
    Attributes:
        database (CheckResultDto):
        temporal (CheckResultDto):
    """

    database: CheckResultDto
    temporal: CheckResultDto
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        database = self.database.to_dict()

        temporal = self.temporal.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "database": database,
                "temporal": temporal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.check_result_dto import CheckResultDto

        d = dict(src_dict)
        database = CheckResultDto.from_dict(d.pop("database"))

        temporal = CheckResultDto.from_dict(d.pop("temporal"))

        ready_checks_dto = cls(
            database=database,
            temporal=temporal,
        )

        ready_checks_dto.additional_properties = d
        return ready_checks_dto

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
