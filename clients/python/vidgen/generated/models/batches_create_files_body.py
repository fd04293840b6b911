from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from .. import types
from ..models.batches_create_files_body_auto_approve import (
    BatchesCreateFilesBodyAutoApprove,
)
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="BatchesCreateFilesBody")


@_attrs_define
class BatchesCreateFilesBody:
    """
    Attributes:
        template_id (UUID):
        file (File): CSV, UTF-8: a header row naming the template's variables, then at most 500 rows
        auto_approve (BatchesCreateFilesBodyAutoApprove | Unset):  Default: BatchesCreateFilesBodyAutoApprove.TRUE.
    """

    template_id: UUID
    file: File
    auto_approve: BatchesCreateFilesBodyAutoApprove | Unset = (
        BatchesCreateFilesBodyAutoApprove.TRUE
    )

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        file = self.file.to_tuple()

        auto_approve: str | Unset = UNSET
        if not isinstance(self.auto_approve, Unset):
            auto_approve = self.auto_approve.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template_id": template_id,
                "file": file,
            }
        )
        if auto_approve is not UNSET:
            field_dict["auto_approve"] = auto_approve

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("template_id", (None, str(self.template_id), "text/plain")))

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.auto_approve, Unset):
            files.append(
                (
                    "auto_approve",
                    (None, str(self.auto_approve.value).encode(), "text/plain"),
                )
            )

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        file = File(payload=BytesIO(d.pop("file")))

        _auto_approve = d.pop("auto_approve", UNSET)
        auto_approve: BatchesCreateFilesBodyAutoApprove | Unset
        if isinstance(_auto_approve, Unset):
            auto_approve = UNSET
        else:
            auto_approve = BatchesCreateFilesBodyAutoApprove(_auto_approve)

        batches_create_files_body = cls(
            template_id=template_id,
            file=file,
            auto_approve=auto_approve,
        )

        return batches_create_files_body
