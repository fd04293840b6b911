from enum import StrEnum


class LedgerEntryDtoKind(StrEnum):
    CHARGED = "charged"
    GRANTED = "granted"
    PURCHASED = "purchased"
    REFUNDED = "refunded"

    def __str__(self) -> str:
        return str(self.value)
