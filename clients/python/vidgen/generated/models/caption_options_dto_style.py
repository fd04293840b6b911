from enum import StrEnum


class CaptionOptionsDtoStyle(StrEnum):
    PHRASE = "phrase"
    WORD = "word"

    def __str__(self) -> str:
        return str(self.value)
