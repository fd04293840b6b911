from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.video_record_dto_script_source_type_0 import (
    VideoRecordDtoScriptSourceType0,
)
from ..models.video_record_dto_stage_type_0 import VideoRecordDtoStageType0
from ..models.video_record_dto_status import VideoRecordDtoStatus

if TYPE_CHECKING:
    from ..models.failure_reason_dto import FailureReasonDto
    from ..models.preview_dto import PreviewDto
    from ..models.progress_dto import ProgressDto
    from ..models.record_warning_dto import RecordWarningDto
    from ..models.video_options_dto import VideoOptionsDto


T = TypeVar("T", bound="VideoRecordDto")


@_attrs_define
class VideoRecordDto:
    """
    Attributes:
        id (UUID):
        status (VideoRecordDtoStatus):
        prompt (str):  Example: How honey bees make honey.
        source_video_id (None | UUID): The video this one translates (POST /videos/{id}/translations); null for any
            other video
        video_url (None | str): Absolute, signed and expiring: downloadable without a key; null until the file exists
        audio_url (None | str): Absolute, signed and expiring: downloadable without a key; null until the file exists
        thumbnail_url (None | str): Absolute, signed and expiring: downloadable without a key; null until the file
            exists
        subtitles_url (None | str): WebVTT captions. Absolute, signed and expiring: downloadable without a key; null
            until the file exists
        awaiting_approval (bool): At the review gate: scenes can be edited, approve starts production
        stage (None | VideoRecordDtoStageType0): The stage running or last run
        scene_count (float):
        options (VideoOptionsDto):
        failure_reason (FailureReasonDto | None):
        credits_charged (float):
        credits_refunded (float):
        estimated_credits (float | None): What approving would charge; null unless awaiting approval
        script_source (None | VideoRecordDtoScriptSourceType0): Who wrote the script: `model` (a language model),
            `planner` (the offline planner, which only rearranges the prompt’s words) or `client` (the `scenes` sent); null
            until a script is written
        warnings (list[RecordWarningDto]): What the video’s making warns of, e.g. `planner_cannot_write` with how to
            connect a model; [] when nothing
        progress (None | ProgressDto): How far the running pipeline is; null when nothing runs (at the review gate,
            completed, failed). GET /videos/{id}/events streams it
        preview (None | PreviewDto): The draft made at the review gate (POST /videos/{id}/preview); null when none was
            asked for
        created_at (str):  Example: 2026-11-21T10:00:00.123456.
        updated_at (str):  Example: 2026-11-21T10:00:00.123456.
    """

    id: UUID
    status: VideoRecordDtoStatus
    prompt: str
    source_video_id: None | UUID
    video_url: None | str
    audio_url: None | str
    thumbnail_url: None | str
    subtitles_url: None | str
    awaiting_approval: bool
    stage: None | VideoRecordDtoStageType0
    scene_count: float
    options: VideoOptionsDto
    failure_reason: FailureReasonDto | None
    credits_charged: float
    credits_refunded: float
    estimated_credits: float | None
    script_source: None | VideoRecordDtoScriptSourceType0
    warnings: list[RecordWarningDto]
    progress: None | ProgressDto
    preview: None | PreviewDto
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.failure_reason_dto import FailureReasonDto
        from ..models.preview_dto import PreviewDto
        from ..models.progress_dto import ProgressDto

        id = str(self.id)

        status = self.status.value

        prompt = self.prompt

        source_video_id: None | str
        if isinstance(self.source_video_id, UUID):
            source_video_id = str(self.source_video_id)
        else:
            source_video_id = self.source_video_id

        video_url: None | str
        video_url = self.video_url

        audio_url: None | str
        audio_url = self.audio_url

        thumbnail_url: None | str
        thumbnail_url = self.thumbnail_url

        subtitles_url: None | str
        subtitles_url = self.subtitles_url

        awaiting_approval = self.awaiting_approval

        stage: None | str
        if isinstance(self.stage, VideoRecordDtoStageType0):
            stage = self.stage.value
        else:
            stage = self.stage

        scene_count = self.scene_count

        options = self.options.to_dict()

        failure_reason: dict[str, Any] | None
        if isinstance(self.failure_reason, FailureReasonDto):
            failure_reason = self.failure_reason.to_dict()
        else:
            failure_reason = self.failure_reason

        credits_charged = self.credits_charged

        credits_refunded = self.credits_refunded

        estimated_credits: float | None
        estimated_credits = self.estimated_credits

        script_source: None | str
        if isinstance(self.script_source, VideoRecordDtoScriptSourceType0):
            script_source = self.script_source.value
        else:
            script_source = self.script_source

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        progress: dict[str, Any] | None
        if isinstance(self.progress, ProgressDto):
            progress = self.progress.to_dict()
        else:
            progress = self.progress

        preview: dict[str, Any] | None
        if isinstance(self.preview, PreviewDto):
            preview = self.preview.to_dict()
        else:
            preview = self.preview

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "prompt": prompt,
                "source_video_id": source_video_id,
                "video_url": video_url,
                "audio_url": audio_url,
                "thumbnail_url": thumbnail_url,
                "subtitles_url": subtitles_url,
                "awaiting_approval": awaiting_approval,
                "stage": stage,
                "scene_count": scene_count,
                "options": options,
                "failure_reason": failure_reason,
                "credits_charged": credits_charged,
                "credits_refunded": credits_refunded,
                "estimated_credits": estimated_credits,
                "script_source": script_source,
                "warnings": warnings,
                "progress": progress,
                "preview": preview,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.failure_reason_dto import FailureReasonDto
        from ..models.preview_dto import PreviewDto
        from ..models.progress_dto import ProgressDto
        from ..models.record_warning_dto import RecordWarningDto
        from ..models.video_options_dto import VideoOptionsDto

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = VideoRecordDtoStatus(d.pop("status"))

        prompt = d.pop("prompt")

        def _parse_source_video_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_video_id_type_0 = UUID(data)

                return source_video_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        source_video_id = _parse_source_video_id(d.pop("source_video_id"))

        def _parse_video_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        video_url = _parse_video_url(d.pop("video_url"))

        def _parse_audio_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        audio_url = _parse_audio_url(d.pop("audio_url"))

        def _parse_thumbnail_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thumbnail_url = _parse_thumbnail_url(d.pop("thumbnail_url"))

        def _parse_subtitles_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subtitles_url = _parse_subtitles_url(d.pop("subtitles_url"))

        awaiting_approval = d.pop("awaiting_approval")

        def _parse_stage(data: object) -> None | VideoRecordDtoStageType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stage_type_0 = VideoRecordDtoStageType0(data)

                return stage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VideoRecordDtoStageType0, data)

        stage = _parse_stage(d.pop("stage"))

        scene_count = d.pop("scene_count")

        options = VideoOptionsDto.from_dict(d.pop("options"))

        def _parse_failure_reason(data: object) -> FailureReasonDto | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failure_reason_type_0 = FailureReasonDto.from_dict(data)

                return failure_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FailureReasonDto | None, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason"))

        credits_charged = d.pop("credits_charged")

        credits_refunded = d.pop("credits_refunded")

        def _parse_estimated_credits(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        estimated_credits = _parse_estimated_credits(d.pop("estimated_credits"))

        def _parse_script_source(
            data: object,
        ) -> None | VideoRecordDtoScriptSourceType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                script_source_type_0 = VideoRecordDtoScriptSourceType0(data)

                return script_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VideoRecordDtoScriptSourceType0, data)

        script_source = _parse_script_source(d.pop("script_source"))

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = RecordWarningDto.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        def _parse_progress(data: object) -> None | ProgressDto:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                progress_type_0 = ProgressDto.from_dict(data)

                return progress_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProgressDto, data)

        progress = _parse_progress(d.pop("progress"))

        def _parse_preview(data: object) -> None | PreviewDto:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                preview_type_0 = PreviewDto.from_dict(data)

                return preview_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PreviewDto, data)

        preview = _parse_preview(d.pop("preview"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        video_record_dto = cls(
            id=id,
            status=status,
            prompt=prompt,
            source_video_id=source_video_id,
            video_url=video_url,
            audio_url=audio_url,
            thumbnail_url=thumbnail_url,
            subtitles_url=subtitles_url,
            awaiting_approval=awaiting_approval,
            stage=stage,
            scene_count=scene_count,
            options=options,
            failure_reason=failure_reason,
            credits_charged=credits_charged,
            credits_refunded=credits_refunded,
            estimated_credits=estimated_credits,
            script_source=script_source,
            warnings=warnings,
            progress=progress,
            preview=preview,
            created_at=created_at,
            updated_at=updated_at,
        )

        video_record_dto.additional_properties = d
        return video_record_dto

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
