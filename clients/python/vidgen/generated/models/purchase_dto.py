from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.purchase_dto_plan import PurchaseDtoPlan

T = TypeVar("T", bound="PurchaseDto")


@_attrs_define
class PurchaseDto:
    """
    Attributes:
        plan (PurchaseDtoPlan): Plan to buy: starter (100 credits) or pro (1000 credits); another name is 400
            INVALID_PLAN Example: starter.
        payment_token (str): Token from the payment provider Example: tok_test_ok_visa.
    """

    plan: PurchaseDtoPlan
    payment_token: str

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan.value

        payment_token = self.payment_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
                "payment_token": payment_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        plan = PurchaseDtoPlan(d.pop("plan"))

        payment_token = d.pop("payment_token")

        purchase_dto = cls(
            plan=plan,
            payment_token=payment_token,
        )

        return purchase_dto
