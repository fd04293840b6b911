from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ImportAssetDto")


@_attrs_define
class ImportAssetDto:
    """
    Attributes:
        source_url (str): HTTPS URL of a PNG, JPEG or WebP image or an MP3, WAV, M4A/AAC or Ogg file Example:
            https://example.com/music/theme.mp3.
        name (str | Unset): Defaults to the last part of the URL path
    """

    source_url: str
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source_url = self.source_url

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_url": source_url,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_url = d.pop("source_url")

        name = d.pop("name", UNSET)

        import_asset_dto = cls(
            source_url=source_url,
            name=name,
        )

        return import_asset_dto
