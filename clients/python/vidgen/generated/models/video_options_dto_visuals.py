from enum import StrEnum


class VideoOptionsDtoVisuals(StrEnum):
    GENERATED = "generated"
    STOCK = "stock"

    def __str__(self) -> str:
        return str(self.value)
