from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.video_options_dto_aspect_ratio import VideoOptionsDtoAspectRatio
from ..models.video_options_dto_motion import VideoOptionsDtoMotion
from ..models.video_options_dto_transition import VideoOptionsDtoTransition
from ..models.video_options_dto_visuals import VideoOptionsDtoVisuals
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.caption_options_dto import CaptionOptionsDto
    from ..models.music_options_dto import MusicOptionsDto
    from ..models.output_options_dto import OutputOptionsDto
    from ..models.video_brand_dto import VideoBrandDto


T = TypeVar("T", bound="VideoOptionsDto")


@_attrs_define
class VideoOptionsDto:
    """
    Attributes:
        aspect_ratio (VideoOptionsDtoAspectRatio):
        voice (None | str):  Example: en-us.
        auto_approve (bool):
        language (str):  Example: en.
        music (MusicOptionsDto | None):
        captions (CaptionOptionsDto):
        motion (VideoOptionsDtoMotion):
        transition (VideoOptionsDtoTransition):
        voice_speed (float):
        narrate (bool): false: no speech; captions still show
        visuals (VideoOptionsDtoVisuals):
        output (OutputOptionsDto):
        brand (None | Unset | VideoBrandDto): The brand the video wears, as it was when made
    """

    aspect_ratio: VideoOptionsDtoAspectRatio
    voice: None | str
    auto_approve: bool
    language: str
    music: MusicOptionsDto | None
    captions: CaptionOptionsDto
    motion: VideoOptionsDtoMotion
    transition: VideoOptionsDtoTransition
    voice_speed: float
    narrate: bool
    visuals: VideoOptionsDtoVisuals
    output: OutputOptionsDto
    brand: None | Unset | VideoBrandDto = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.music_options_dto import MusicOptionsDto
        from ..models.video_brand_dto import VideoBrandDto

        aspect_ratio = self.aspect_ratio.value

        voice: None | str
        voice = self.voice

        auto_approve = self.auto_approve

        language = self.language

        music: dict[str, Any] | None
        if isinstance(self.music, MusicOptionsDto):
            music = self.music.to_dict()
        else:
            music = self.music

        captions = self.captions.to_dict()

        motion = self.motion.value

        transition = self.transition.value

        voice_speed = self.voice_speed

        narrate = self.narrate

        visuals = self.visuals.value

        output = self.output.to_dict()

        brand: dict[str, Any] | None | Unset
        if isinstance(self.brand, Unset):
            brand = UNSET
        elif isinstance(self.brand, VideoBrandDto):
            brand = self.brand.to_dict()
        else:
            brand = self.brand

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "aspect_ratio": aspect_ratio,
                "voice": voice,
                "auto_approve": auto_approve,
                "language": language,
                "music": music,
                "captions": captions,
                "motion": motion,
                "transition": transition,
                "voice_speed": voice_speed,
                "narrate": narrate,
                "visuals": visuals,
                "output": output,
            }
        )
        if brand is not UNSET:
            field_dict["brand"] = brand

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.caption_options_dto import CaptionOptionsDto
        from ..models.music_options_dto import MusicOptionsDto
        from ..models.output_options_dto import OutputOptionsDto
        from ..models.video_brand_dto import VideoBrandDto

        d = dict(src_dict)
        aspect_ratio = VideoOptionsDtoAspectRatio(d.pop("aspect_ratio"))

        def _parse_voice(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        voice = _parse_voice(d.pop("voice"))

        auto_approve = d.pop("auto_approve")

        language = d.pop("language")

        def _parse_music(data: object) -> MusicOptionsDto | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                music_type_0 = MusicOptionsDto.from_dict(data)

                return music_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MusicOptionsDto | None, data)

        music = _parse_music(d.pop("music"))

        captions = CaptionOptionsDto.from_dict(d.pop("captions"))

        motion = VideoOptionsDtoMotion(d.pop("motion"))

        transition = VideoOptionsDtoTransition(d.pop("transition"))

        voice_speed = d.pop("voice_speed")

        narrate = d.pop("narrate")

        visuals = VideoOptionsDtoVisuals(d.pop("visuals"))

        output = OutputOptionsDto.from_dict(d.pop("output"))

        def _parse_brand(data: object) -> None | Unset | VideoBrandDto:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                brand_type_0 = VideoBrandDto.from_dict(data)

                return brand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VideoBrandDto, data)

        brand = _parse_brand(d.pop("brand", UNSET))

        video_options_dto = cls(
            aspect_ratio=aspect_ratio,
            voice=voice,
            auto_approve=auto_approve,
            language=language,
            music=music,
            captions=captions,
            motion=motion,
            transition=transition,
            voice_speed=voice_speed,
            narrate=narrate,
            visuals=visuals,
            output=output,
            brand=brand,
        )

        video_options_dto.additional_properties = d
        return video_options_dto

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
