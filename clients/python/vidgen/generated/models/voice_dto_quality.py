from enum import StrEnum


class VoiceDtoQuality(StrEnum):
    FORMANT = "formant"
    NEURAL = "neural"

    def __str__(self) -> str:
        return str(self.value)
