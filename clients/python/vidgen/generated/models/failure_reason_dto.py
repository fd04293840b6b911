from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.failure_reason_dto_code import FailureReasonDtoCode
from ..models.failure_reason_dto_stage import FailureReasonDtoStage

T = TypeVar("T", bound="FailureReasonDto")


@_attrs_define
class FailureReasonDto:
    """
    Attributes:
        code (FailureReasonDtoCode):
        message (str):  Example: Image generation failed for scene 2.
        stage (FailureReasonDtoStage):
    """

    code: FailureReasonDtoCode
    message: str
    stage: FailureReasonDtoStage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        stage = self.stage.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "stage": stage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = FailureReasonDtoCode(d.pop("code"))

        message = d.pop("message")

        stage = FailureReasonDtoStage(d.pop("stage"))

        failure_reason_dto = cls(
            code=code,
            message=message,
            stage=stage,
        )

        failure_reason_dto.additional_properties = d
        return failure_reason_dto

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
