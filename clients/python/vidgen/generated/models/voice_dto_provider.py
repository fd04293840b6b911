from enum import StrEnum


class VoiceDtoProvider(StrEnum):
    ESPEAK = "espeak"
    OPENAI = "openai"
    PIPER = "piper"

    def __str__(self) -> str:
        return str(self.value)
