from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_attempt_dto_outcome import DeliveryAttemptDtoOutcome

T = TypeVar("T", bound="DeliveryAttemptDto")


@_attrs_define
class DeliveryAttemptDto:
    """
    Attributes:
        run (float): 1 for the first delivery, 2… for redeliveries
        attempt (float): 1…4 within the run
        outcome (DeliveryAttemptDtoOutcome):
        attempted_at (str):  Example: 2026-11-21T10:00:00.123000Z.
        duration_ms (float | None):
        status_code (float | None): HTTP status the receiver answered
        error (None | str): why no 2xx arrived (timeout, TLS, refused, …)
        next_retry_at (None | str): when the next attempt is due, if any
    """

    run: float
    attempt: float
    outcome: DeliveryAttemptDtoOutcome
    attempted_at: str
    duration_ms: float | None
    status_code: float | None
    error: None | str
    next_retry_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run = self.run

        attempt = self.attempt

        outcome = self.outcome.value

        attempted_at = self.attempted_at

        duration_ms: float | None
        duration_ms = self.duration_ms

        status_code: float | None
        status_code = self.status_code

        error: None | str
        error = self.error

        next_retry_at: None | str
        next_retry_at = self.next_retry_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run": run,
                "attempt": attempt,
                "outcome": outcome,
                "attempted_at": attempted_at,
                "duration_ms": duration_ms,
                "status_code": status_code,
                "error": error,
                "next_retry_at": next_retry_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run = d.pop("run")

        attempt = d.pop("attempt")

        outcome = DeliveryAttemptDtoOutcome(d.pop("outcome"))

        attempted_at = d.pop("attempted_at")

        def _parse_duration_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))

        def _parse_status_code(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_next_retry_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_retry_at = _parse_next_retry_at(d.pop("next_retry_at"))

        delivery_attempt_dto = cls(
            run=run,
            attempt=attempt,
            outcome=outcome,
            attempted_at=attempted_at,
            duration_ms=duration_ms,
            status_code=status_code,
            error=error,
            next_retry_at=next_retry_at,
        )

        delivery_attempt_dto.additional_properties = d
        return delivery_attempt_dto

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
