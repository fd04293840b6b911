from enum import StrEnum


class BatchRowRecordDtoStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    FAILED = "failed"
    IN_PROGRESS = "in_progress"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
