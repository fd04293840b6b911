from enum import IntEnum


class OutputDtoFpsType0(IntEnum):
    VALUE_24 = 24
    VALUE_25 = 25
    VALUE_30 = 30
    VALUE_60 = 60

    def __str__(self) -> str:
        return str(self.value)
