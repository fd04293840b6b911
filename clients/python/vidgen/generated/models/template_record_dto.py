from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.template_request_dto import TemplateRequestDto


T = TypeVar("T", bound="TemplateRecordDto")


@_attrs_define
class TemplateRecordDto:
    """
    Attributes:
        id (UUID):
        name (str):
        description (None | str):
        request (TemplateRequestDto):
        variables (list[str]): The request's placeholder names, sorted and unique Example: ['price', 'product'].
        created_at (str):  Example: 2026-11-21T10:00:00.123456Z.
        updated_at (str):  Example: 2026-11-21T10:00:00.123456Z.
    """

    id: UUID
    name: str
    description: None | str
    request: TemplateRequestDto
    variables: list[str]
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        request = self.request.to_dict()

        variables = self.variables

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "request": request,
                "variables": variables,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_request_dto import TemplateRequestDto

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        request = TemplateRequestDto.from_dict(d.pop("request"))

        variables = cast(list[str], d.pop("variables"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        template_record_dto = cls(
            id=id,
            name=name,
            description=description,
            request=request,
            variables=variables,
            created_at=created_at,
            updated_at=updated_at,
        )

        template_record_dto.additional_properties = d
        return template_record_dto

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
