from enum import StrEnum


class AssetRecordDtoSource(StrEnum):
    GENERATED = "generated"
    IMPORT = "import"
    STOCK = "stock"
    UPLOAD = "upload"

    def __str__(self) -> str:
        return str(self.value)
