"""Contains all the data models used in inputs/outputs"""

from .add_scene_dto import AddSceneDto
from .asset_page_dto import AssetPageDto
from .asset_record_dto import AssetRecordDto
from .asset_record_dto_source import AssetRecordDtoSource
from .asset_record_dto_type import AssetRecordDtoType
from .assets_create_files_body import AssetsCreateFilesBody
from .assets_list_source import AssetsListSource
from .assets_list_type import AssetsListType
from .attribution_dto import AttributionDto
from .batch_page_dto import BatchPageDto
from .batch_record_dto import BatchRecordDto
from .batch_record_dto_status import BatchRecordDtoStatus
from .batch_row_dto import BatchRowDto
from .batch_row_dto_metadata import BatchRowDtoMetadata
from .batch_row_dto_variables import BatchRowDtoVariables
from .batch_row_page_dto import BatchRowPageDto
from .batch_row_record_dto import BatchRowRecordDto
from .batch_row_record_dto_metadata_type_0 import BatchRowRecordDtoMetadataType0
from .batch_row_record_dto_status import BatchRowRecordDtoStatus
from .batch_row_record_dto_variables import BatchRowRecordDtoVariables
from .batches_create_files_body import BatchesCreateFilesBody
from .batches_create_files_body_auto_approve import BatchesCreateFilesBodyAutoApprove
from .brand_captions_dto import BrandCaptionsDto
from .brand_captions_dto_position_type_0 import BrandCaptionsDtoPositionType0
from .brand_captions_record_dto import BrandCaptionsRecordDto
from .brand_captions_record_dto_position import BrandCaptionsRecordDtoPosition
from .brand_intro_dto import BrandIntroDto
from .brand_intro_record_dto import BrandIntroRecordDto
from .brand_list_dto import BrandListDto
from .brand_logo_dto import BrandLogoDto
from .brand_logo_dto_position_type_0 import BrandLogoDtoPositionType0
from .brand_logo_record_dto import BrandLogoRecordDto
from .brand_logo_record_dto_position import BrandLogoRecordDtoPosition
from .brand_outro_dto import BrandOutroDto
from .brand_outro_record_dto import BrandOutroRecordDto
from .brand_record_dto import BrandRecordDto
from .brands_preview_aspect_ratio import BrandsPreviewAspectRatio
from .caption_options_dto import CaptionOptionsDto
from .caption_options_dto_position import CaptionOptionsDtoPosition
from .caption_options_dto_size import CaptionOptionsDtoSize
from .caption_options_dto_style import CaptionOptionsDtoStyle
from .captions_dto import CaptionsDto
from .captions_dto_position_type_0 import CaptionsDtoPositionType0
from .captions_dto_size_type_0 import CaptionsDtoSizeType0
from .captions_dto_style_type_0 import CaptionsDtoStyleType0
from .check_result_dto import CheckResultDto
from .check_result_dto_status import CheckResultDtoStatus
from .client_scene_dto import ClientSceneDto
from .create_batch_dto import CreateBatchDto
from .create_brand_dto import CreateBrandDto
from .create_brand_dto_font_type_0 import CreateBrandDtoFontType0
from .create_callback_dto import CreateCallbackDto
from .create_callback_dto_event import CreateCallbackDtoEvent
from .create_template_dto import CreateTemplateDto
from .create_video_dto import CreateVideoDto
from .create_video_dto_aspect_ratio_type_0 import CreateVideoDtoAspectRatioType0
from .create_video_dto_motion_type_0 import CreateVideoDtoMotionType0
from .create_video_dto_transition_type_0 import CreateVideoDtoTransitionType0
from .create_video_dto_variables import CreateVideoDtoVariables
from .create_video_dto_visuals_type_0 import CreateVideoDtoVisualsType0
from .credits_summary_dto import CreditsSummaryDto
from .credits_summary_dto_plan import CreditsSummaryDtoPlan
from .delivery_attempt_dto import DeliveryAttemptDto
from .delivery_attempt_dto_outcome import DeliveryAttemptDtoOutcome
from .delivery_page_dto import DeliveryPageDto
from .error_body_dto import ErrorBodyDto
from .error_object_dto import ErrorObjectDto
from .error_object_dto_code import ErrorObjectDtoCode
from .failure_reason_dto import FailureReasonDto
from .failure_reason_dto_code import FailureReasonDtoCode
from .failure_reason_dto_stage import FailureReasonDtoStage
from .font_dto import FontDto
from .font_list_dto import FontListDto
from .import_asset_dto import ImportAssetDto
from .ledger_entry_dto import LedgerEntryDto
from .ledger_entry_dto_kind import LedgerEntryDtoKind
from .ledger_page_dto import LedgerPageDto
from .live_dto import LiveDto
from .live_dto_status import LiveDtoStatus
from .music_dto import MusicDto
from .music_options_dto import MusicOptionsDto
from .output_dto import OutputDto
from .output_dto_fps_type_0 import OutputDtoFpsType0
from .output_dto_resolution_type_0 import OutputDtoResolutionType0
from .output_options_dto import OutputOptionsDto
from .output_options_dto_fps import OutputOptionsDtoFps
from .output_options_dto_resolution import OutputOptionsDtoResolution
from .preview_dto import PreviewDto
from .preview_dto_status import PreviewDtoStatus
from .progress_dto import ProgressDto
from .progress_dto_stage import ProgressDtoStage
from .providers_dto import ProvidersDto
from .purchase_dto import PurchaseDto
from .purchase_dto_plan import PurchaseDtoPlan
from .purchase_result_dto import PurchaseResultDto
from .purchase_result_dto_plan import PurchaseResultDtoPlan
from .rate_limit_body_dto import RateLimitBodyDto
from .ready_checks_dto import ReadyChecksDto
from .ready_dto import ReadyDto
from .ready_dto_status import ReadyDtoStatus
from .record_warning_dto import RecordWarningDto
from .regenerate_dto import RegenerateDto
from .scene_record_dto import SceneRecordDto
from .speech_language_dto import SpeechLanguageDto
from .speech_stage_provider_dto import SpeechStageProviderDto
from .stage_provider_dto import StageProviderDto
from .storyboard_dto import StoryboardDto
from .storyboard_scene_dto import StoryboardSceneDto
from .template_page_dto import TemplatePageDto
from .template_record_dto import TemplateRecordDto
from .template_request_dto import TemplateRequestDto
from .template_request_dto_aspect_ratio_type_0 import TemplateRequestDtoAspectRatioType0
from .template_request_dto_motion_type_0 import TemplateRequestDtoMotionType0
from .template_request_dto_transition_type_0 import TemplateRequestDtoTransitionType0
from .template_request_dto_visuals_type_0 import TemplateRequestDtoVisualsType0
from .transcript_dto import TranscriptDto
from .transcript_scene_dto import TranscriptSceneDto
from .transcript_word_dto import TranscriptWordDto
from .translate_video_dto import TranslateVideoDto
from .update_asset_dto import UpdateAssetDto
from .update_brand_dto import UpdateBrandDto
from .update_brand_dto_font_type_0 import UpdateBrandDtoFontType0
from .update_callback_dto import UpdateCallbackDto
from .update_scene_dto import UpdateSceneDto
from .update_template_dto import UpdateTemplateDto
from .validation_detail_dto import ValidationDetailDto
from .validation_error_body_dto import ValidationErrorBodyDto
from .validation_error_object_dto import ValidationErrorObjectDto
from .validation_error_object_dto_code import ValidationErrorObjectDtoCode
from .video_brand_dto import VideoBrandDto
from .video_event_dto import VideoEventDto
from .video_event_dto_data import VideoEventDtoData
from .video_options_dto import VideoOptionsDto
from .video_options_dto_aspect_ratio import VideoOptionsDtoAspectRatio
from .video_options_dto_motion import VideoOptionsDtoMotion
from .video_options_dto_transition import VideoOptionsDtoTransition
from .video_options_dto_visuals import VideoOptionsDtoVisuals
from .video_page_dto import VideoPageDto
from .video_record_dto import VideoRecordDto
from .video_record_dto_script_source_type_0 import VideoRecordDtoScriptSourceType0
from .video_record_dto_stage_type_0 import VideoRecordDtoStageType0
from .video_record_dto_status import VideoRecordDtoStatus
from .videos_list_status import VideosListStatus
from .voice_dto import VoiceDto
from .voice_dto_provider import VoiceDtoProvider
from .voice_dto_quality import VoiceDtoQuality
from .voice_list_dto import VoiceListDto
from .webhook_delivery_dto import WebhookDeliveryDto
from .webhook_delivery_dto_event import WebhookDeliveryDtoEvent
from .webhook_delivery_dto_status import WebhookDeliveryDtoStatus
from .webhook_record_dto import WebhookRecordDto
from .webhook_record_dto_event import WebhookRecordDtoEvent
from .workers_dto import WorkersDto

__all__ = (
    "AddSceneDto",
    "AssetPageDto",
    "AssetRecordDto",
    "AssetRecordDtoSource",
    "AssetRecordDtoType",
    "AssetsCreateFilesBody",
    "AssetsListSource",
    "AssetsListType",
    "AttributionDto",
    "BatchPageDto",
    "BatchRecordDto",
    "BatchRecordDtoStatus",
    "BatchRowDto",
    "BatchRowDtoMetadata",
    "BatchRowDtoVariables",
    "BatchRowPageDto",
    "BatchRowRecordDto",
    "BatchRowRecordDtoMetadataType0",
    "BatchRowRecordDtoStatus",
    "BatchRowRecordDtoVariables",
    "BatchesCreateFilesBody",
    "BatchesCreateFilesBodyAutoApprove",
    "BrandCaptionsDto",
    "BrandCaptionsDtoPositionType0",
    "BrandCaptionsRecordDto",
    "BrandCaptionsRecordDtoPosition",
    "BrandIntroDto",
    "BrandIntroRecordDto",
    "BrandListDto",
    "BrandLogoDto",
    "BrandLogoDtoPositionType0",
    "BrandLogoRecordDto",
    "BrandLogoRecordDtoPosition",
    "BrandOutroDto",
    "BrandOutroRecordDto",
    "BrandRecordDto",
    "BrandsPreviewAspectRatio",
    "CaptionOptionsDto",
    "CaptionOptionsDtoPosition",
    "CaptionOptionsDtoSize",
    "CaptionOptionsDtoStyle",
    "CaptionsDto",
    "CaptionsDtoPositionType0",
    "CaptionsDtoSizeType0",
    "CaptionsDtoStyleType0",
    "CheckResultDto",
    "CheckResultDtoStatus",
    "ClientSceneDto",
    "CreateBatchDto",
    "CreateBrandDto",
    "CreateBrandDtoFontType0",
    "CreateCallbackDto",
    "CreateCallbackDtoEvent",
    "CreateTemplateDto",
    "CreateVideoDto",
    "CreateVideoDtoAspectRatioType0",
    "CreateVideoDtoMotionType0",
    "CreateVideoDtoTransitionType0",
    "CreateVideoDtoVariables",
    "CreateVideoDtoVisualsType0",
    "CreditsSummaryDto",
    "CreditsSummaryDtoPlan",
    "DeliveryAttemptDto",
    "DeliveryAttemptDtoOutcome",
    "DeliveryPageDto",
    "ErrorBodyDto",
    "ErrorObjectDto",
    "ErrorObjectDtoCode",
    "FailureReasonDto",
    "FailureReasonDtoCode",
    "FailureReasonDtoStage",
    "FontDto",
    "FontListDto",
    "ImportAssetDto",
    "LedgerEntryDto",
    "LedgerEntryDtoKind",
    "LedgerPageDto",
    "LiveDto",
    "LiveDtoStatus",
    "MusicDto",
    "MusicOptionsDto",
    "OutputDto",
    "OutputDtoFpsType0",
    "OutputDtoResolutionType0",
    "OutputOptionsDto",
    "OutputOptionsDtoFps",
    "OutputOptionsDtoResolution",
    "PreviewDto",
    "PreviewDtoStatus",
    "ProgressDto",
    "ProgressDtoStage",
    "ProvidersDto",
    "PurchaseDto",
    "PurchaseDtoPlan",
    "PurchaseResultDto",
    "PurchaseResultDtoPlan",
    "RateLimitBodyDto",
    "ReadyChecksDto",
    "ReadyDto",
    "ReadyDtoStatus",
    "RecordWarningDto",
    "RegenerateDto",
    "SceneRecordDto",
    "SpeechLanguageDto",
    "SpeechStageProviderDto",
    "StageProviderDto",
    "StoryboardDto",
    "StoryboardSceneDto",
    "TemplatePageDto",
    "TemplateRecordDto",
    "TemplateRequestDto",
    "TemplateRequestDtoAspectRatioType0",
    "TemplateRequestDtoMotionType0",
    "TemplateRequestDtoTransitionType0",
    "TemplateRequestDtoVisualsType0",
    "TranscriptDto",
    "TranscriptSceneDto",
    "TranscriptWordDto",
    "TranslateVideoDto",
    "UpdateAssetDto",
    "UpdateBrandDto",
    "UpdateBrandDtoFontType0",
    "UpdateCallbackDto",
    "UpdateSceneDto",
    "UpdateTemplateDto",
    "ValidationDetailDto",
    "ValidationErrorBodyDto",
    "ValidationErrorObjectDto",
    "ValidationErrorObjectDtoCode",
    "VideoBrandDto",
    "VideoEventDto",
    "VideoEventDtoData",
    "VideoOptionsDto",
    "VideoOptionsDtoAspectRatio",
    "VideoOptionsDtoMotion",
    "VideoOptionsDtoTransition",
    "VideoOptionsDtoVisuals",
    "VideoPageDto",
    "VideoRecordDto",
    "VideoRecordDtoScriptSourceType0",
    "VideoRecordDtoStageType0",
    "VideoRecordDtoStatus",
    "VideosListStatus",
    "VoiceDto",
    "VoiceDtoProvider",
    "VoiceDtoQuality",
    "VoiceListDto",
    "WebhookDeliveryDto",
    "WebhookDeliveryDtoEvent",
    "WebhookDeliveryDtoStatus",
    "WebhookRecordDto",
    "WebhookRecordDtoEvent",
    "WorkersDto",
)
