from enum import StrEnum


class CreateCallbackDtoEvent(StrEnum):
    BATCH_COMPLETED = "batch.completed"
    VIDEO_COMPLETED = "video.completed"
    VIDEO_FAILED = "video.failed"

    def __str__(self) -> str:
        return str(self.value)
