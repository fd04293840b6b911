from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.credits_summary_dto_plan import CreditsSummaryDtoPlan

T = TypeVar("T", bound="CreditsSummaryDto")


@_attrs_define
class CreditsSummaryDto:
    """
    Attributes:
        balance (float):  Example: 95.
        plan (CreditsSummaryDtoPlan):
    """

    balance: float
    plan: CreditsSummaryDtoPlan
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        plan = self.plan.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "plan": plan,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        plan = CreditsSummaryDtoPlan(d.pop("plan"))

        credits_summary_dto = cls(
            balance=balance,
            plan=plan,
        )

        credits_summary_dto.additional_properties = d
        return credits_summary_dto

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
