from enum import StrEnum


class CaptionsDtoStyleType0(StrEnum):
    PHRASE = "phrase"
    WORD = "word"

    def __str__(self) -> str:
        return str(self.value)
