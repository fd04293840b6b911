from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.progress_dto_stage import ProgressDtoStage

T = TypeVar("T", bound="ProgressDto")


@_attrs_define
class ProgressDto:
    """
    Attributes:
        stage (ProgressDtoStage): The stage running
        percent (float): Share of the whole pipeline done (the stages weigh scripting 3, refining 3, visualising 8,
            narrating 26, curating 1, rendering 59); never lower later in the same run
        eta_seconds (float | None): Seconds until the run stops (at the review gate for a script, at the finished video
            for production), from the measured speeds of recent runs; null while unmeasured
    """

    stage: ProgressDtoStage
    percent: float
    eta_seconds: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stage = self.stage.value

        percent = self.percent

        eta_seconds: float | None
        eta_seconds = self.eta_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stage": stage,
                "percent": percent,
                "eta_seconds": eta_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        stage = ProgressDtoStage(d.pop("stage"))

        percent = d.pop("percent")

        def _parse_eta_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        eta_seconds = _parse_eta_seconds(d.pop("eta_seconds"))

        progress_dto = cls(
            stage=stage,
            percent=percent,
            eta_seconds=eta_seconds,
        )

        progress_dto.additional_properties = d
        return progress_dto

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
