from enum import StrEnum


class BrandLogoRecordDtoPosition(StrEnum):
    BOTTOM_LEFT = "bottom-left"
    BOTTOM_RIGHT = "bottom-right"
    TOP_LEFT = "top-left"
    TOP_RIGHT = "top-right"

    def __str__(self) -> str:
        return str(self.value)
