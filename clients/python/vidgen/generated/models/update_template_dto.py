from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_request_dto import TemplateRequestDto


T = TypeVar("T", bound="UpdateTemplateDto")


@_attrs_define
class UpdateTemplateDto:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        request (TemplateRequestDto | Unset):
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    request: TemplateRequestDto | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        request: dict[str, Any] | Unset = UNSET
        if not isinstance(self.request, Unset):
            request = self.request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if request is not UNSET:
            field_dict["request"] = request

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_request_dto import TemplateRequestDto

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _request = d.pop("request", UNSET)
        request: TemplateRequestDto | Unset
        if isinstance(_request, Unset):
            request = UNSET
        else:
            request = TemplateRequestDto.from_dict(_request)

        update_template_dto = cls(
            name=name,
            description=description,
            request=request,
        )

        return update_template_dto
