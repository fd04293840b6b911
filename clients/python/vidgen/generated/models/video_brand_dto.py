from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.brand_captions_record_dto import BrandCaptionsRecordDto
    from ..models.brand_intro_record_dto import BrandIntroRecordDto
    from ..models.brand_logo_record_dto import BrandLogoRecordDto
    from ..models.brand_outro_record_dto import BrandOutroRecordDto


T = TypeVar("T", bound="VideoBrandDto")


@_attrs_define
class VideoBrandDto:
    """
    Attributes:
        id (UUID): The brand it was copied from (which may have changed or gone since)
        name (str):
        logo (BrandLogoRecordDto | None):
        font (None | str):
        captions (BrandCaptionsRecordDto | None):
        palette (list[str] | None):
        intro (BrandIntroRecordDto | None):
        outro (BrandOutroRecordDto | None):
    """

    id: UUID
    name: str
    logo: BrandLogoRecordDto | None
    font: None | str
    captions: BrandCaptionsRecordDto | None
    palette: list[str] | None
    intro: BrandIntroRecordDto | None
    outro: BrandOutroRecordDto | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.brand_captions_record_dto import BrandCaptionsRecordDto
        from ..models.brand_intro_record_dto import BrandIntroRecordDto
        from ..models.brand_logo_record_dto import BrandLogoRecordDto
        from ..models.brand_outro_record_dto import BrandOutroRecordDto

        id = str(self.id)

        name = self.name

        logo: dict[str, Any] | None
        if isinstance(self.logo, BrandLogoRecordDto):
            logo = self.logo.to_dict()
        else:
            logo = self.logo

        font: None | str
        font = self.font

        captions: dict[str, Any] | None
        if isinstance(self.captions, BrandCaptionsRecordDto):
            captions = self.captions.to_dict()
        else:
            captions = self.captions

        palette: list[str] | None
        if isinstance(self.palette, list):
            palette = self.palette

        else:
            palette = self.palette

        intro: dict[str, Any] | None
        if isinstance(self.intro, BrandIntroRecordDto):
            intro = self.intro.to_dict()
        else:
            intro = self.intro

        outro: dict[str, Any] | None
        if isinstance(self.outro, BrandOutroRecordDto):
            outro = self.outro.to_dict()
        else:
            outro = self.outro

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "logo": logo,
                "font": font,
                "captions": captions,
                "palette": palette,
                "intro": intro,
                "outro": outro,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.brand_captions_record_dto import BrandCaptionsRecordDto
        from ..models.brand_intro_record_dto import BrandIntroRecordDto
        from ..models.brand_logo_record_dto import BrandLogoRecordDto
        from ..models.brand_outro_record_dto import BrandOutroRecordDto

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_logo(data: object) -> BrandLogoRecordDto | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                logo_type_0 = BrandLogoRecordDto.from_dict(data)

                return logo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandLogoRecordDto | None, data)

        logo = _parse_logo(d.pop("logo"))

        def _parse_font(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        font = _parse_font(d.pop("font"))

        def _parse_captions(data: object) -> BrandCaptionsRecordDto | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                captions_type_0 = BrandCaptionsRecordDto.from_dict(data)

                return captions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandCaptionsRecordDto | None, data)

        captions = _parse_captions(d.pop("captions"))

        def _parse_palette(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                palette_type_0 = cast(list[str], data)

                return palette_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        palette = _parse_palette(d.pop("palette"))

        def _parse_intro(data: object) -> BrandIntroRecordDto | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                intro_type_0 = BrandIntroRecordDto.from_dict(data)

                return intro_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandIntroRecordDto | None, data)

        intro = _parse_intro(d.pop("intro"))

        def _parse_outro(data: object) -> BrandOutroRecordDto | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outro_type_0 = BrandOutroRecordDto.from_dict(data)

                return outro_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandOutroRecordDto | None, data)

        outro = _parse_outro(d.pop("outro"))

        video_brand_dto = cls(
            id=id,
            name=name,
            logo=logo,
            font=font,
            captions=captions,
            palette=palette,
            intro=intro,
            outro=outro,
        )

        video_brand_dto.additional_properties = d
        return video_brand_dto

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
