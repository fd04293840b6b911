from enum import StrEnum


class AssetRecordDtoSource(StrEnum):
    GENERATED = "generated"
    IMPORT = "import"
    UPLOAD = "upload"

    def __str__(self) -> str:
        return str(self.value)
