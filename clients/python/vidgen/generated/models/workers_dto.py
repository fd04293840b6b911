from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WorkersDto")


@_attrs_define
class WorkersDto:
    """
    Attributes:
        task_queue (str):
        pollers (float | None): Worker pollers Temporal has seen; null if unknown
    """

    task_queue: str
    pollers: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        task_queue = self.task_queue

        pollers: float | None
        pollers = self.pollers

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "task_queue": task_queue,
                "pollers": pollers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        task_queue = d.pop("task_queue")

        def _parse_pollers(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        pollers = _parse_pollers(d.pop("pollers"))

        workers_dto = cls(
            task_queue=task_queue,
            pollers=pollers,
        )

        workers_dto.additional_properties = d
        return workers_dto

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
