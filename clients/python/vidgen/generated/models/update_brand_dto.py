from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_brand_dto_font_type_0 import UpdateBrandDtoFontType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.brand_captions_dto import BrandCaptionsDto
    from ..models.brand_intro_dto import BrandIntroDto
    from ..models.brand_logo_dto import BrandLogoDto
    from ..models.brand_outro_dto import BrandOutroDto


T = TypeVar("T", bound="UpdateBrandDto")


@_attrs_define
class UpdateBrandDto:
    """
    Attributes:
        logo (BrandLogoDto | None | Unset): Drawn in a corner of every scene
        font (None | Unset | UpdateBrandDtoFontType0): A font id of GET /fonts Example: inter.
        captions (BrandCaptionsDto | None | Unset): Colours and place of burned-in captions
        palette (list[str] | None | Unset): Backdrops of the intro and outro cards: the first is the card's, the second
            its text's Example: ['#0B3D91', '#FFFFFF'].
        intro (BrandIntroDto | None | Unset): A card before the first scene: not narrated, not charged
        outro (BrandOutroDto | None | Unset): A card after the last scene: not narrated, not charged
        default (bool | None | Unset): The account's default brand: videos created without brand_id wear it (one at a
            time)
        name (str | Unset):
    """

    logo: BrandLogoDto | None | Unset = UNSET
    font: None | Unset | UpdateBrandDtoFontType0 = UNSET
    captions: BrandCaptionsDto | None | Unset = UNSET
    palette: list[str] | None | Unset = UNSET
    intro: BrandIntroDto | None | Unset = UNSET
    outro: BrandOutroDto | None | Unset = UNSET
    default: bool | None | Unset = UNSET
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.brand_captions_dto import BrandCaptionsDto
        from ..models.brand_intro_dto import BrandIntroDto
        from ..models.brand_logo_dto import BrandLogoDto
        from ..models.brand_outro_dto import BrandOutroDto

        logo: dict[str, Any] | None | Unset
        if isinstance(self.logo, Unset):
            logo = UNSET
        elif isinstance(self.logo, BrandLogoDto):
            logo = self.logo.to_dict()
        else:
            logo = self.logo

        font: None | str | Unset
        if isinstance(self.font, Unset):
            font = UNSET
        elif isinstance(self.font, UpdateBrandDtoFontType0):
            font = self.font.value
        else:
            font = self.font

        captions: dict[str, Any] | None | Unset
        if isinstance(self.captions, Unset):
            captions = UNSET
        elif isinstance(self.captions, BrandCaptionsDto):
            captions = self.captions.to_dict()
        else:
            captions = self.captions

        palette: list[str] | None | Unset
        if isinstance(self.palette, Unset):
            palette = UNSET
        elif isinstance(self.palette, list):
            palette = self.palette

        else:
            palette = self.palette

        intro: dict[str, Any] | None | Unset
        if isinstance(self.intro, Unset):
            intro = UNSET
        elif isinstance(self.intro, BrandIntroDto):
            intro = self.intro.to_dict()
        else:
            intro = self.intro

        outro: dict[str, Any] | None | Unset
        if isinstance(self.outro, Unset):
            outro = UNSET
        elif isinstance(self.outro, BrandOutroDto):
            outro = self.outro.to_dict()
        else:
            outro = self.outro

        default: bool | None | Unset
        if isinstance(self.default, Unset):
            default = UNSET
        else:
            default = self.default

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if logo is not UNSET:
            field_dict["logo"] = logo
        if font is not UNSET:
            field_dict["font"] = font
        if captions is not UNSET:
            field_dict["captions"] = captions
        if palette is not UNSET:
            field_dict["palette"] = palette
        if intro is not UNSET:
            field_dict["intro"] = intro
        if outro is not UNSET:
            field_dict["outro"] = outro
        if default is not UNSET:
            field_dict["default"] = default
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.brand_captions_dto import BrandCaptionsDto
        from ..models.brand_intro_dto import BrandIntroDto
        from ..models.brand_logo_dto import BrandLogoDto
        from ..models.brand_outro_dto import BrandOutroDto

        d = dict(src_dict)

        def _parse_logo(data: object) -> BrandLogoDto | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                logo_type_0 = BrandLogoDto.from_dict(data)

                return logo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandLogoDto | None | Unset, data)

        logo = _parse_logo(d.pop("logo", UNSET))

        def _parse_font(data: object) -> None | Unset | UpdateBrandDtoFontType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                font_type_0 = UpdateBrandDtoFontType0(data)

                return font_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateBrandDtoFontType0, data)

        font = _parse_font(d.pop("font", UNSET))

        def _parse_captions(data: object) -> BrandCaptionsDto | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                captions_type_0 = BrandCaptionsDto.from_dict(data)

                return captions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandCaptionsDto | None | Unset, data)

        captions = _parse_captions(d.pop("captions", UNSET))

        def _parse_palette(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                palette_type_0 = cast(list[str], data)

                return palette_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        palette = _parse_palette(d.pop("palette", UNSET))

        def _parse_intro(data: object) -> BrandIntroDto | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                intro_type_0 = BrandIntroDto.from_dict(data)

                return intro_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandIntroDto | None | Unset, data)

        intro = _parse_intro(d.pop("intro", UNSET))

        def _parse_outro(data: object) -> BrandOutroDto | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outro_type_0 = BrandOutroDto.from_dict(data)

                return outro_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandOutroDto | None | Unset, data)

        outro = _parse_outro(d.pop("outro", UNSET))

        def _parse_default(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        default = _parse_default(d.pop("default", UNSET))

        name = d.pop("name", UNSET)

        update_brand_dto = cls(
            logo=logo,
            font=font,
            captions=captions,
            palette=palette,
            intro=intro,
            outro=outro,
            default=default,
            name=name,
        )

        return update_brand_dto
