from enum import StrEnum


class CaptionOptionsDtoSize(StrEnum):
    LARGE = "large"
    MEDIUM = "medium"
    SMALL = "small"

    def __str__(self) -> str:
        return str(self.value)
