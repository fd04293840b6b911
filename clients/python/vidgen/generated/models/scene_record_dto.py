from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attribution_dto import AttributionDto


T = TypeVar("T", bound="SceneRecordDto")


@_attrs_define
class SceneRecordDto:
    """
    Attributes:
        id (UUID):
        video_id (UUID):
        position (float): 1-based order in the video
        visual_description (str):
        narration (str):
        image_asset_id (None | UUID): The scene picture asset
        image_url (None | str): Absolute, signed and expiring: downloadable without a key; null until the file exists
        audio_asset_id (None | UUID): The client's own recording used as the narration; null when it is synthesised
        image_depicts (list[str] | None): What the scene's picture shows (its asset's depicts); null without one
            Example: ['octopus', 'sea'].
        image_attribution (list[AttributionDto]): The third-party works in the scene's picture or clip (a stock photo's
            or clip's author, page and licence); [] without one
        video_asset_id (None | UUID): The clip that plays in the scene instead of a picture
        video_url (None | str): Absolute, signed and expiring: downloadable without a key; null until the file exists
        narration_url (None | str): Absolute, signed and expiring: downloadable without a key; null until the file
            exists
        narration_seconds (float | None): Length of the spoken narration
        created_at (str):  Example: 2026-11-21T10:00:00.123456.
        updated_at (str):  Example: 2026-11-21T10:00:00.123456.
    """

    id: UUID
    video_id: UUID
    position: float
    visual_description: str
    narration: str
    image_asset_id: None | UUID
    image_url: None | str
    audio_asset_id: None | UUID
    image_depicts: list[str] | None
    image_attribution: list[AttributionDto]
    video_asset_id: None | UUID
    video_url: None | str
    narration_url: None | str
    narration_seconds: float | None
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        video_id = str(self.video_id)

        position = self.position

        visual_description = self.visual_description

        narration = self.narration

        image_asset_id: None | str
        if isinstance(self.image_asset_id, UUID):
            image_asset_id = str(self.image_asset_id)
        else:
            image_asset_id = self.image_asset_id

        image_url: None | str
        image_url = self.image_url

        audio_asset_id: None | str
        if isinstance(self.audio_asset_id, UUID):
            audio_asset_id = str(self.audio_asset_id)
        else:
            audio_asset_id = self.audio_asset_id

        image_depicts: list[str] | None
        if isinstance(self.image_depicts, list):
            image_depicts = self.image_depicts

        else:
            image_depicts = self.image_depicts

        image_attribution = []
        for image_attribution_item_data in self.image_attribution:
            image_attribution_item = image_attribution_item_data.to_dict()
            image_attribution.append(image_attribution_item)

        video_asset_id: None | str
        if isinstance(self.video_asset_id, UUID):
            video_asset_id = str(self.video_asset_id)
        else:
            video_asset_id = self.video_asset_id

        video_url: None | str
        video_url = self.video_url

        narration_url: None | str
        narration_url = self.narration_url

        narration_seconds: float | None
        narration_seconds = self.narration_seconds

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "video_id": video_id,
                "position": position,
                "visual_description": visual_description,
                "narration": narration,
                "image_asset_id": image_asset_id,
                "image_url": image_url,
                "audio_asset_id": audio_asset_id,
                "image_depicts": image_depicts,
                "image_attribution": image_attribution,
                "video_asset_id": video_asset_id,
                "video_url": video_url,
                "narration_url": narration_url,
                "narration_seconds": narration_seconds,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attribution_dto import AttributionDto

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        video_id = UUID(d.pop("video_id"))

        position = d.pop("position")

        visual_description = d.pop("visual_description")

        narration = d.pop("narration")

        def _parse_image_asset_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                image_asset_id_type_0 = UUID(data)

                return image_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        image_asset_id = _parse_image_asset_id(d.pop("image_asset_id"))

        def _parse_image_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        image_url = _parse_image_url(d.pop("image_url"))

        def _parse_audio_asset_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                audio_asset_id_type_0 = UUID(data)

                return audio_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        audio_asset_id = _parse_audio_asset_id(d.pop("audio_asset_id"))

        def _parse_image_depicts(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                image_depicts_type_0 = cast(list[str], data)

                return image_depicts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        image_depicts = _parse_image_depicts(d.pop("image_depicts"))

        image_attribution = []
        _image_attribution = d.pop("image_attribution")
        for image_attribution_item_data in _image_attribution:
            image_attribution_item = AttributionDto.from_dict(
                image_attribution_item_data
            )

            image_attribution.append(image_attribution_item)

        def _parse_video_asset_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                video_asset_id_type_0 = UUID(data)

                return video_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        video_asset_id = _parse_video_asset_id(d.pop("video_asset_id"))

        def _parse_video_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        video_url = _parse_video_url(d.pop("video_url"))

        def _parse_narration_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        narration_url = _parse_narration_url(d.pop("narration_url"))

        def _parse_narration_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        narration_seconds = _parse_narration_seconds(d.pop("narration_seconds"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        scene_record_dto = cls(
            id=id,
            video_id=video_id,
            position=position,
            visual_description=visual_description,
            narration=narration,
            image_asset_id=image_asset_id,
            image_url=image_url,
            audio_asset_id=audio_asset_id,
            image_depicts=image_depicts,
            image_attribution=image_attribution,
            video_asset_id=video_asset_id,
            video_url=video_url,
            narration_url=narration_url,
            narration_seconds=narration_seconds,
            created_at=created_at,
            updated_at=updated_at,
        )

        scene_record_dto.additional_properties = d
        return scene_record_dto

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
