from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preview_dto_status import PreviewDtoStatus

T = TypeVar("T", bound="PreviewDto")


@_attrs_define
class PreviewDto:
    """
    Attributes:
        status (PreviewDtoStatus): rendering, then ready or failed; stale once a scene was edited after it was asked for
        url (None | str): Absolute, signed and expiring: downloadable without a key: the draft's MP4 (360p, 15 fps,
            marked PREVIEW); null until it is rendered
        created_at (str): When the draft was asked for Example: 2026-11-21T10:00:00.123456.
    """

    status: PreviewDtoStatus
    url: None | str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        url: None | str
        url = self.url

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "url": url,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = PreviewDtoStatus(d.pop("status"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        created_at = d.pop("created_at")

        preview_dto = cls(
            status=status,
            url=url,
            created_at=created_at,
        )

        preview_dto.additional_properties = d
        return preview_dto

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
