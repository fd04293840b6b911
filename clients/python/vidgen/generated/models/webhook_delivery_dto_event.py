from enum import StrEnum


class WebhookDeliveryDtoEvent(StrEnum):
    BATCH_COMPLETED = "batch.completed"
    VIDEO_COMPLETED = "video.completed"
    VIDEO_FAILED = "video.failed"

    def __str__(self) -> str:
        return str(self.value)
