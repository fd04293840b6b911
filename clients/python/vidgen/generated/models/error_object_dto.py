from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_object_dto_code import ErrorObjectDtoCode

T = TypeVar("T", bound="ErrorObjectDto")


@_attrs_define
class ErrorObjectDto:
    """
    Attributes:
        code (ErrorObjectDtoCode):  Example: NOT_FOUND.
        message (str):  Example: Video not found.
        request_id (str): Also sent as the X-Request-Id header Example: req-7f3a.
    """

    code: ErrorObjectDtoCode
    message: str
    request_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "request_id": request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = ErrorObjectDtoCode(d.pop("code"))

        message = d.pop("message")

        request_id = d.pop("request_id")

        error_object_dto = cls(
            code=code,
            message=message,
            request_id=request_id,
        )

        error_object_dto.additional_properties = d
        return error_object_dto

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
