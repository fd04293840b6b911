from enum import StrEnum


class PreviewDtoStatus(StrEnum):
    FAILED = "failed"
    READY = "ready"
    RENDERING = "rendering"
    STALE = "stale"

    def __str__(self) -> str:
        return str(self.value)
