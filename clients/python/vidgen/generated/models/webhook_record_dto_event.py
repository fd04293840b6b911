from enum import StrEnum


class WebhookRecordDtoEvent(StrEnum):
    BATCH_COMPLETED = "batch.completed"
    VIDEO_AWAITING_APPROVAL = "video.awaiting_approval"
    VIDEO_COMPLETED = "video.completed"
    VIDEO_FAILED = "video.failed"
    VIDEO_PREVIEW_READY = "video.preview_ready"
    VIDEO_STAGE_CHANGED = "video.stage_changed"

    def __str__(self) -> str:
        return str(self.value)
