from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_request_dto import TemplateRequestDto


T = TypeVar("T", bound="CreateTemplateDto")


@_attrs_define
class CreateTemplateDto:
    """
    Attributes:
        name (str):  Example: Product spotlight.
        description (None | str | Unset):
        request (TemplateRequestDto | Unset):
        from_video_id (UUID | Unset): A video of the account: its request, with its scenes as they are now, becomes the
            template's
    """

    name: str
    description: None | str | Unset = UNSET
    request: TemplateRequestDto | Unset = UNSET
    from_video_id: UUID | Unset = UNSET

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

        from_video_id: str | Unset = UNSET
        if not isinstance(self.from_video_id, Unset):
            from_video_id = str(self.from_video_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if request is not UNSET:
            field_dict["request"] = request
        if from_video_id is not UNSET:
            field_dict["from_video_id"] = from_video_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_request_dto import TemplateRequestDto

        d = dict(src_dict)
        name = d.pop("name")

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

        _from_video_id = d.pop("from_video_id", UNSET)
        from_video_id: UUID | Unset
        if isinstance(_from_video_id, Unset):
            from_video_id = UNSET
        else:
            from_video_id = UUID(_from_video_id)

        create_template_dto = cls(
            name=name,
            description=description,
            request=request,
            from_video_id=from_video_id,
        )

        return create_template_dto
