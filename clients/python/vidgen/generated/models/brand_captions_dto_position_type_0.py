from enum import StrEnum


class BrandCaptionsDtoPositionType0(StrEnum):
    BOTTOM = "bottom"
    MIDDLE = "middle"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
