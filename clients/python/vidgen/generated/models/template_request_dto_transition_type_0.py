from enum import StrEnum


class TemplateRequestDtoTransitionType0(StrEnum):
    FADE = "fade"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
