from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from .. import types
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="AssetsCreateFilesBody")


@_attrs_define
class AssetsCreateFilesBody:
    """
    Attributes:
        file (File): PNG, JPEG, WebP, MP3, WAV, M4A/AAC or Ogg; the type is read from the bytes
        name (str | Unset): Defaults to the file name
    """

    file: File
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "file": file,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.name, Unset):
            files.append(("name", (None, str(self.name).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        name = d.pop("name", UNSET)

        assets_create_files_body = cls(
            file=file,
            name=name,
        )

        return assets_create_files_body
