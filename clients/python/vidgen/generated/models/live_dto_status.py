from enum import StrEnum


class LiveDtoStatus(StrEnum):
    OK = "ok"

    def __str__(self) -> str:
        return str(self.value)
