from enum import StrEnum


class TemplateRequestDtoMotionType0(StrEnum):
    KENBURNS = "kenburns"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
