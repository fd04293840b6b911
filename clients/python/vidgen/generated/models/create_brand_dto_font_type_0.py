from enum import StrEnum


class CreateBrandDtoFontType0(StrEnum):
    DEJAVU_SANS = "dejavu-sans"
    INTER = "inter"
    LATO = "lato"
    NOTO_SANS = "noto-sans"
    NOTO_SANS_JP = "noto-sans-jp"

    def __str__(self) -> str:
        return str(self.value)
