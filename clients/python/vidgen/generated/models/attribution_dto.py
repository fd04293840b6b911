from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AttributionDto")


@_attrs_define
class AttributionDto:
    """
    Attributes:
        title (str):  Example: Octopus.
        author (str):  Example: Microsoft.
        license_ (str):  Example: MIT.
        source_url (str):  Example: https://github.com/microsoft/fluentui-emoji.
    """

    title: str
    author: str
    license_: str
    source_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        author = self.author

        license_ = self.license_

        source_url = self.source_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
                "author": author,
                "license": license_,
                "source_url": source_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        title = d.pop("title")

        author = d.pop("author")

        license_ = d.pop("license")

        source_url = d.pop("source_url")

        attribution_dto = cls(
            title=title,
            author=author,
            license_=license_,
            source_url=source_url,
        )

        attribution_dto.additional_properties = d
        return attribution_dto

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
