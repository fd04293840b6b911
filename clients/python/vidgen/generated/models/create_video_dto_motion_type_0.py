from enum import StrEnum


class CreateVideoDtoMotionType0(StrEnum):
    KENBURNS = "kenburns"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
