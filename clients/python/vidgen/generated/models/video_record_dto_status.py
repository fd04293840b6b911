from enum import StrEnum


class VideoRecordDtoStatus(StrEnum):
    COMPLETED = "completed"
    CURATING = "curating"
    FAILED = "failed"
    NARRATING = "narrating"
    PENDING = "pending"
    REFINING = "refining"
    RENDERING = "rendering"
    SCRIPTING = "scripting"
    VISUALISING = "visualising"

    def __str__(self) -> str:
        return str(self.value)
