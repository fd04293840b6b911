from enum import StrEnum


class VideoRecordDtoScriptSourceType0(StrEnum):
    CLIENT = "client"
    MODEL = "model"
    PLANNER = "planner"

    def __str__(self) -> str:
        return str(self.value)
