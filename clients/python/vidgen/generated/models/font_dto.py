from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FontDto")


@_attrs_define
class FontDto:
    """
    Attributes:
        id (str): What `font` on POST /brands takes Example: inter.
        family (str): The family name the captions and cards are drawn in Example: Inter.
        scripts (list[str]): Scripts it writes (ISO 15924: Latn, Cyrl, Grek, Deva, Jpan); text in another script falls
            back to a font that writes it Example: ['Cyrl', 'Grek', 'Latn'].
        license_ (str): SPDX licence of the font Example: OFL-1.1.
        package (str): The registry package that ships it Example: @fontsource/inter.
    """

    id: str
    family: str
    scripts: list[str]
    license_: str
    package: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        family = self.family

        scripts = self.scripts

        license_ = self.license_

        package = self.package

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "family": family,
                "scripts": scripts,
                "license": license_,
                "package": package,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        family = d.pop("family")

        scripts = cast(list[str], d.pop("scripts"))

        license_ = d.pop("license")

        package = d.pop("package")

        font_dto = cls(
            id=id,
            family=family,
            scripts=scripts,
            license_=license_,
            package=package,
        )

        font_dto.additional_properties = d
        return font_dto

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
