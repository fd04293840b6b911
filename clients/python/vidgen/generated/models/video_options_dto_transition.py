from enum import StrEnum


class VideoOptionsDtoTransition(StrEnum):
    FADE = "fade"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
