from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.template_request_dto_aspect_ratio_type_0 import (
    TemplateRequestDtoAspectRatioType0,
)
from ..models.template_request_dto_motion_type_0 import TemplateRequestDtoMotionType0
from ..models.template_request_dto_transition_type_0 import (
    TemplateRequestDtoTransitionType0,
)
from ..models.template_request_dto_visuals_type_0 import TemplateRequestDtoVisualsType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.captions_dto import CaptionsDto
    from ..models.client_scene_dto import ClientSceneDto
    from ..models.music_dto import MusicDto
    from ..models.output_dto import OutputDto


T = TypeVar("T", bound="TemplateRequestDto")


@_attrs_define
class TemplateRequestDto:
    """
    Attributes:
        prompt (str):  Example: How honey bees make honey.
        scene_count (int | None | Unset): With `scenes`, their number (it may be left out). Left out for a prompt that
            lists things: a scene per item and one for its title, up to 12 Default: 5.
        aspect_ratio (None | TemplateRequestDtoAspectRatioType0 | Unset):  Default:
            TemplateRequestDtoAspectRatioType0.VALUE_0.
        voice (None | str | Unset): A voice id from GET /voices that speaks the video's language; left out, the
            language's default voice Example: en-us.
        voice_speed (float | None | Unset): How fast the voice speaks: the narration lasts about 1/voice_speed as long
            Default: 1.0.
        narrate (bool | None | Unset): false: no speech and no narration credit; each scene lasts its reading time and
            its captions still show Default: True.
        auto_approve (bool | None | Unset): Pass the review gate without waiting for approval Default: False.
        language (None | str | Unset): BCP 47 language of the script, the default voice and the captions Default: 'en'.
            Example: de.
        scenes (list[ClientSceneDto] | Unset): The client's own script, taken verbatim instead of one written from the
            prompt
        music (MusicDto | None | Unset): Music under the whole video
        captions (CaptionsDto | None | Unset): null or left out: the defaults
        motion (None | TemplateRequestDtoMotionType0 | Unset): A slow zoom or pan on every still Default:
            TemplateRequestDtoMotionType0.KENBURNS.
        transition (None | TemplateRequestDtoTransitionType0 | Unset): A short crossfade between scenes Default:
            TemplateRequestDtoTransitionType0.FADE.
        visuals (None | TemplateRequestDtoVisualsType0 | Unset): Where scenes get their pictures: generated, or clips
            and photos from the stock library STOCK_PROVIDER names (422 when none is configured) Default:
            TemplateRequestDtoVisualsType0.GENERATED.
        output (None | OutputDto | Unset): Frame size and rate; null or left out: 720p at 24 fps
        brand_id (UUID | Unset): A brand of this account (GET /brands) the video wears: its logo, font, caption colours
            and cards. Left out: the account's default brand, if any
    """

    prompt: str
    scene_count: int | None | Unset = 5
    aspect_ratio: None | TemplateRequestDtoAspectRatioType0 | Unset = (
        TemplateRequestDtoAspectRatioType0.VALUE_0
    )
    voice: None | str | Unset = UNSET
    voice_speed: float | None | Unset = 1.0
    narrate: bool | None | Unset = True
    auto_approve: bool | None | Unset = False
    language: None | str | Unset = "en"
    scenes: list[ClientSceneDto] | Unset = UNSET
    music: MusicDto | None | Unset = UNSET
    captions: CaptionsDto | None | Unset = UNSET
    motion: None | TemplateRequestDtoMotionType0 | Unset = (
        TemplateRequestDtoMotionType0.KENBURNS
    )
    transition: None | TemplateRequestDtoTransitionType0 | Unset = (
        TemplateRequestDtoTransitionType0.FADE
    )
    visuals: None | TemplateRequestDtoVisualsType0 | Unset = (
        TemplateRequestDtoVisualsType0.GENERATED
    )
    output: None | OutputDto | Unset = UNSET
    brand_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.captions_dto import CaptionsDto
        from ..models.music_dto import MusicDto
        from ..models.output_dto import OutputDto

        prompt = self.prompt

        scene_count: int | None | Unset
        if isinstance(self.scene_count, Unset):
            scene_count = UNSET
        else:
            scene_count = self.scene_count

        aspect_ratio: None | str | Unset
        if isinstance(self.aspect_ratio, Unset):
            aspect_ratio = UNSET
        elif isinstance(self.aspect_ratio, TemplateRequestDtoAspectRatioType0):
            aspect_ratio = self.aspect_ratio.value
        else:
            aspect_ratio = self.aspect_ratio

        voice: None | str | Unset
        if isinstance(self.voice, Unset):
            voice = UNSET
        else:
            voice = self.voice

        voice_speed: float | None | Unset
        if isinstance(self.voice_speed, Unset):
            voice_speed = UNSET
        else:
            voice_speed = self.voice_speed

        narrate: bool | None | Unset
        if isinstance(self.narrate, Unset):
            narrate = UNSET
        else:
            narrate = self.narrate

        auto_approve: bool | None | Unset
        if isinstance(self.auto_approve, Unset):
            auto_approve = UNSET
        else:
            auto_approve = self.auto_approve

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        else:
            language = self.language

        scenes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scenes, Unset):
            scenes = []
            for scenes_item_data in self.scenes:
                scenes_item = scenes_item_data.to_dict()
                scenes.append(scenes_item)

        music: dict[str, Any] | None | Unset
        if isinstance(self.music, Unset):
            music = UNSET
        elif isinstance(self.music, MusicDto):
            music = self.music.to_dict()
        else:
            music = self.music

        captions: dict[str, Any] | None | Unset
        if isinstance(self.captions, Unset):
            captions = UNSET
        elif isinstance(self.captions, CaptionsDto):
            captions = self.captions.to_dict()
        else:
            captions = self.captions

        motion: None | str | Unset
        if isinstance(self.motion, Unset):
            motion = UNSET
        elif isinstance(self.motion, TemplateRequestDtoMotionType0):
            motion = self.motion.value
        else:
            motion = self.motion

        transition: None | str | Unset
        if isinstance(self.transition, Unset):
            transition = UNSET
        elif isinstance(self.transition, TemplateRequestDtoTransitionType0):
            transition = self.transition.value
        else:
            transition = self.transition

        visuals: None | str | Unset
        if isinstance(self.visuals, Unset):
            visuals = UNSET
        elif isinstance(self.visuals, TemplateRequestDtoVisualsType0):
            visuals = self.visuals.value
        else:
            visuals = self.visuals

        output: dict[str, Any] | None | Unset
        if isinstance(self.output, Unset):
            output = UNSET
        elif isinstance(self.output, OutputDto):
            output = self.output.to_dict()
        else:
            output = self.output

        brand_id: str | Unset = UNSET
        if not isinstance(self.brand_id, Unset):
            brand_id = str(self.brand_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "prompt": prompt,
            }
        )
        if scene_count is not UNSET:
            field_dict["scene_count"] = scene_count
        if aspect_ratio is not UNSET:
            field_dict["aspect_ratio"] = aspect_ratio
        if voice is not UNSET:
            field_dict["voice"] = voice
        if voice_speed is not UNSET:
            field_dict["voice_speed"] = voice_speed
        if narrate is not UNSET:
            field_dict["narrate"] = narrate
        if auto_approve is not UNSET:
            field_dict["auto_approve"] = auto_approve
        if language is not UNSET:
            field_dict["language"] = language
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if music is not UNSET:
            field_dict["music"] = music
        if captions is not UNSET:
            field_dict["captions"] = captions
        if motion is not UNSET:
            field_dict["motion"] = motion
        if transition is not UNSET:
            field_dict["transition"] = transition
        if visuals is not UNSET:
            field_dict["visuals"] = visuals
        if output is not UNSET:
            field_dict["output"] = output
        if brand_id is not UNSET:
            field_dict["brand_id"] = brand_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.captions_dto import CaptionsDto
        from ..models.client_scene_dto import ClientSceneDto
        from ..models.music_dto import MusicDto
        from ..models.output_dto import OutputDto

        d = dict(src_dict)
        prompt = d.pop("prompt")

        def _parse_scene_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scene_count = _parse_scene_count(d.pop("scene_count", UNSET))

        def _parse_aspect_ratio(
            data: object,
        ) -> None | TemplateRequestDtoAspectRatioType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                aspect_ratio_type_0 = TemplateRequestDtoAspectRatioType0(data)

                return aspect_ratio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateRequestDtoAspectRatioType0 | Unset, data)

        aspect_ratio = _parse_aspect_ratio(d.pop("aspect_ratio", UNSET))

        def _parse_voice(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        voice = _parse_voice(d.pop("voice", UNSET))

        def _parse_voice_speed(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        voice_speed = _parse_voice_speed(d.pop("voice_speed", UNSET))

        def _parse_narrate(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        narrate = _parse_narrate(d.pop("narrate", UNSET))

        def _parse_auto_approve(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        auto_approve = _parse_auto_approve(d.pop("auto_approve", UNSET))

        def _parse_language(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        _scenes = d.pop("scenes", UNSET)
        scenes: list[ClientSceneDto] | Unset = UNSET
        if _scenes is not UNSET:
            scenes = []
            for scenes_item_data in _scenes:
                scenes_item = ClientSceneDto.from_dict(scenes_item_data)

                scenes.append(scenes_item)

        def _parse_music(data: object) -> MusicDto | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                music_type_0 = MusicDto.from_dict(data)

                return music_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MusicDto | None | Unset, data)

        music = _parse_music(d.pop("music", UNSET))

        def _parse_captions(data: object) -> CaptionsDto | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                captions_type_0 = CaptionsDto.from_dict(data)

                return captions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CaptionsDto | None | Unset, data)

        captions = _parse_captions(d.pop("captions", UNSET))

        def _parse_motion(data: object) -> None | TemplateRequestDtoMotionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                motion_type_0 = TemplateRequestDtoMotionType0(data)

                return motion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateRequestDtoMotionType0 | Unset, data)

        motion = _parse_motion(d.pop("motion", UNSET))

        def _parse_transition(
            data: object,
        ) -> None | TemplateRequestDtoTransitionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                transition_type_0 = TemplateRequestDtoTransitionType0(data)

                return transition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateRequestDtoTransitionType0 | Unset, data)

        transition = _parse_transition(d.pop("transition", UNSET))

        def _parse_visuals(
            data: object,
        ) -> None | TemplateRequestDtoVisualsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                visuals_type_0 = TemplateRequestDtoVisualsType0(data)

                return visuals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateRequestDtoVisualsType0 | Unset, data)

        visuals = _parse_visuals(d.pop("visuals", UNSET))

        def _parse_output(data: object) -> None | OutputDto | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                output_type_0 = OutputDto.from_dict(data)

                return output_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputDto | Unset, data)

        output = _parse_output(d.pop("output", UNSET))

        _brand_id = d.pop("brand_id", UNSET)
        brand_id: UUID | Unset
        if isinstance(_brand_id, Unset):
            brand_id = UNSET
        else:
            brand_id = UUID(_brand_id)

        template_request_dto = cls(
            prompt=prompt,
            scene_count=scene_count,
            aspect_ratio=aspect_ratio,
            voice=voice,
            voice_speed=voice_speed,
            narrate=narrate,
            auto_approve=auto_approve,
            language=language,
            scenes=scenes,
            music=music,
            captions=captions,
            motion=motion,
            transition=transition,
            visuals=visuals,
            output=output,
            brand_id=brand_id,
        )

        return template_request_dto
