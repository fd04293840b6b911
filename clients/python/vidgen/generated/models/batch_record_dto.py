from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_record_dto_status import BatchRecordDtoStatus

T = TypeVar("T", bound="BatchRecordDto")


@_attrs_define
class BatchRecordDto:
    """
    Attributes:
        id (UUID):
        template_id (UUID):
        status (BatchRecordDtoStatus):
        total (int):
        waiting (int): Rows whose video has not been created yet
        in_progress (int):
        completed (int):
        failed (int):
        cancelled (int): Rows a cancel stopped before they started
        created_at (str):  Example: 2026-11-21T10:00:00.123456Z.
        completed_at (None | str):  Example: 2026-11-21T10:30:00.123456Z.
    """

    id: UUID
    template_id: UUID
    status: BatchRecordDtoStatus
    total: int
    waiting: int
    in_progress: int
    completed: int
    failed: int
    cancelled: int
    created_at: str
    completed_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        template_id = str(self.template_id)

        status = self.status.value

        total = self.total

        waiting = self.waiting

        in_progress = self.in_progress

        completed = self.completed

        failed = self.failed

        cancelled = self.cancelled

        created_at = self.created_at

        completed_at: None | str
        completed_at = self.completed_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "template_id": template_id,
                "status": status,
                "total": total,
                "waiting": waiting,
                "in_progress": in_progress,
                "completed": completed,
                "failed": failed,
                "cancelled": cancelled,
                "created_at": created_at,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        template_id = UUID(d.pop("template_id"))

        status = BatchRecordDtoStatus(d.pop("status"))

        total = d.pop("total")

        waiting = d.pop("waiting")

        in_progress = d.pop("in_progress")

        completed = d.pop("completed")

        failed = d.pop("failed")

        cancelled = d.pop("cancelled")

        created_at = d.pop("created_at")

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        batch_record_dto = cls(
            id=id,
            template_id=template_id,
            status=status,
            total=total,
            waiting=waiting,
            in_progress=in_progress,
            completed=completed,
            failed=failed,
            cancelled=cancelled,
            created_at=created_at,
            completed_at=completed_at,
        )

        batch_record_dto.additional_properties = d
        return batch_record_dto

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
