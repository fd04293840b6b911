from enum import StrEnum


class PurchaseDtoPlan(StrEnum):
    PRO = "pro"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
