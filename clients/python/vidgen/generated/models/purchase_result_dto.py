from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.purchase_result_dto_plan import PurchaseResultDtoPlan

T = TypeVar("T", bound="PurchaseResultDto")


@_attrs_define
class PurchaseResultDto:
    """
    Attributes:
        balance (float): Balance after the purchase
        plan (PurchaseResultDtoPlan):
        credits_added (float):  Example: 100.
        payment_reference (str): The payment provider's reference; one purchase per reference
    """

    balance: float
    plan: PurchaseResultDtoPlan
    credits_added: float
    payment_reference: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        plan = self.plan.value

        credits_added = self.credits_added

        payment_reference = self.payment_reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "plan": plan,
                "credits_added": credits_added,
                "payment_reference": payment_reference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        plan = PurchaseResultDtoPlan(d.pop("plan"))

        credits_added = d.pop("credits_added")

        payment_reference = d.pop("payment_reference")

        purchase_result_dto = cls(
            balance=balance,
            plan=plan,
            credits_added=credits_added,
            payment_reference=payment_reference,
        )

        purchase_result_dto.additional_properties = d
        return purchase_result_dto

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
