from enum import StrEnum


class OutputOptionsDtoResolution(StrEnum):
    VALUE_0 = "720p"
    VALUE_1 = "1080p"

    def __str__(self) -> str:
        return str(self.value)
