from enum import StrEnum


class CreditsSummaryDtoPlan(StrEnum):
    FREE = "free"
    PRO = "pro"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
