from enum import StrEnum


class AssetRecordDtoType(StrEnum):
    AUDIO = "audio"
    IMAGE = "image"
    NARRATION = "narration"
    SUBTITLES = "subtitles"
    THUMBNAIL = "thumbnail"
    VIDEO = "video"

    def __str__(self) -> str:
        return str(self.value)
