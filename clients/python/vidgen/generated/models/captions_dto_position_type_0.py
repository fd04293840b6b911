from enum import StrEnum


class CaptionsDtoPositionType0(StrEnum):
    BOTTOM = "bottom"
    CENTER = "center"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
