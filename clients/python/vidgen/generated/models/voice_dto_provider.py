from enum import StrEnum


class VoiceDtoProvider(StrEnum):
    LOCAL = "local"
    OPENAI = "openai"

    def __str__(self) -> str:
        return str(self.value)
