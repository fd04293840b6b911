from enum import StrEnum


class VideoOptionsDtoMotion(StrEnum):
    KENBURNS = "kenburns"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
