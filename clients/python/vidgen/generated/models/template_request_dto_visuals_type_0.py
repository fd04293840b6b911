from enum import StrEnum


class TemplateRequestDtoVisualsType0(StrEnum):
    GENERATED = "generated"
    STOCK = "stock"

    def __str__(self) -> str:
        return str(self.value)
