from enum import StrEnum


class CaptionsDtoSizeType0(StrEnum):
    LARGE = "large"
    MEDIUM = "medium"
    SMALL = "small"

    def __str__(self) -> str:
        return str(self.value)
