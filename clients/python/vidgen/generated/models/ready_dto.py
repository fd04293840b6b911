from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ready_dto_status import ReadyDtoStatus

if TYPE_CHECKING:
    from ..models.ready_checks_dto import ReadyChecksDto
    from ..models.workers_dto import WorkersDto


T = TypeVar("T", bound="ReadyDto")


@_attrs_define
class ReadyDto:
    """
    Attributes:
        status (ReadyDtoStatus):
        checks (ReadyChecksDto):
        workers (WorkersDto):
    """

    status: ReadyDtoStatus
    checks: ReadyChecksDto
    workers: WorkersDto
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        checks = self.checks.to_dict()

        workers = self.workers.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "checks": checks,
                "workers": workers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ready_checks_dto import ReadyChecksDto
        from ..models.workers_dto import WorkersDto

        d = dict(src_dict)
        status = ReadyDtoStatus(d.pop("status"))

        checks = ReadyChecksDto.from_dict(d.pop("checks"))

        workers = WorkersDto.from_dict(d.pop("workers"))

        ready_dto = cls(
            status=status,
            checks=checks,
            workers=workers,
        )

        ready_dto.additional_properties = d
        return ready_dto

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
