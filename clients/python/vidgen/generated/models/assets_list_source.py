from enum import StrEnum


class AssetsListSource(StrEnum):
    GENERATED = "generated"
    IMPORT = "import"
    UPLOAD = "upload"

    def __str__(self) -> str:
        return str(self.value)
