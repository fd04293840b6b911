from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ledger_entry_dto_kind import LedgerEntryDtoKind

T = TypeVar("T", bound="LedgerEntryDto")


@_attrs_define
class LedgerEntryDto:
    """
    Attributes:
        id (UUID):
        kind (LedgerEntryDtoKind):
        amount (float): Positive for granted, purchased and refunded; negative for charged
        balance_after (float):
        video_id (None | UUID):
        item (None | str): What was charged or refunded Example: image:2.
        reason (None | str):
        created_at (str):  Example: 2026-11-21T10:00:00.123456.
    """

    id: UUID
    kind: LedgerEntryDtoKind
    amount: float
    balance_after: float
    video_id: None | UUID
    item: None | str
    reason: None | str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        amount = self.amount

        balance_after = self.balance_after

        video_id: None | str
        if isinstance(self.video_id, UUID):
            video_id = str(self.video_id)
        else:
            video_id = self.video_id

        item: None | str
        item = self.item

        reason: None | str
        reason = self.reason

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "amount": amount,
                "balance_after": balance_after,
                "video_id": video_id,
                "item": item,
                "reason": reason,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = LedgerEntryDtoKind(d.pop("kind"))

        amount = d.pop("amount")

        balance_after = d.pop("balance_after")

        def _parse_video_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                video_id_type_0 = UUID(data)

                return video_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        video_id = _parse_video_id(d.pop("video_id"))

        def _parse_item(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        item = _parse_item(d.pop("item"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        created_at = d.pop("created_at")

        ledger_entry_dto = cls(
            id=id,
            kind=kind,
            amount=amount,
            balance_after=balance_after,
            video_id=video_id,
            item=item,
            reason=reason,
            created_at=created_at,
        )

        ledger_entry_dto.additional_properties = d
        return ledger_entry_dto

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
