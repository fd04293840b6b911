from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_row_dto import BatchRowDto


T = TypeVar("T", bound="CreateBatchDto")


@_attrs_define
class CreateBatchDto:
    """
    Attributes:
        template_id (UUID): The template every row fills in
        rows (list[BatchRowDto]):
        auto_approve (bool | None | Unset): Pass the review gate without waiting for approval (replaces the template's
            auto_approve); null is the default Default: True.
    """

    template_id: UUID
    rows: list[BatchRowDto]
    auto_approve: bool | None | Unset = True

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        auto_approve: bool | None | Unset
        if isinstance(self.auto_approve, Unset):
            auto_approve = UNSET
        else:
            auto_approve = self.auto_approve

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template_id": template_id,
                "rows": rows,
            }
        )
        if auto_approve is not UNSET:
            field_dict["auto_approve"] = auto_approve

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_row_dto import BatchRowDto

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = BatchRowDto.from_dict(rows_item_data)

            rows.append(rows_item)

        def _parse_auto_approve(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        auto_approve = _parse_auto_approve(d.pop("auto_approve", UNSET))

        create_batch_dto = cls(
            template_id=template_id,
            rows=rows,
            auto_approve=auto_approve,
        )

        return create_batch_dto
