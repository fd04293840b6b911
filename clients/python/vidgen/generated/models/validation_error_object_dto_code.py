from enum import StrEnum


class ValidationErrorObjectDtoCode(StrEnum):
    VALIDATION_ERROR = "VALIDATION_ERROR"

    def __str__(self) -> str:
        return str(self.value)
