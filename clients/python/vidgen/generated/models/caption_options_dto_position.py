from enum import StrEnum


class CaptionOptionsDtoPosition(StrEnum):
    BOTTOM = "bottom"
    CENTER = "center"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
