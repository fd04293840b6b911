from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.asset_record_dto_source import AssetRecordDtoSource
from ..models.asset_record_dto_type import AssetRecordDtoType

if TYPE_CHECKING:
    from ..models.attribution_dto import AttributionDto


T = TypeVar("T", bound="AssetRecordDto")


@_attrs_define
class AssetRecordDto:
    """
    Attributes:
        id (UUID):
        video_id (None | UUID): The video that made it; null for a client file
        scene_id (None | UUID): The scene it belongs to
        type_ (AssetRecordDtoType): A client file is an image, audio or a video clip
        source (AssetRecordDtoSource):
        name (None | str): The client's label: the name given, else the file name or the URL's last path segment
        content_type (str): Taken from the bytes, never from the file name Example: image/png.
        bytes_ (int):
        mime_type (str): The same as content_type Example: image/png.
        size_bytes (int): The same as bytes
        width (float | None): Pixels, for pictures and videos
        height (float | None):
        duration_seconds (float | None): For audio and video
        depicts (list[str] | None): What the picture shows, as English names; [] when it shows nothing in particular (a
            backdrop alone); null when unknown (the client's own files, files that are not pictures) Example: ['octopus',
            'sea'].
        attribution (list[AttributionDto]): Every third-party work in the file (artwork, stock); [] when there is none
        url (None | str): Absolute, signed and expiring: downloadable without a key
        created_at (str):  Example: 2026-11-21T10:00:00.123456.
    """

    id: UUID
    video_id: None | UUID
    scene_id: None | UUID
    type_: AssetRecordDtoType
    source: AssetRecordDtoSource
    name: None | str
    content_type: str
    bytes_: int
    mime_type: str
    size_bytes: int
    width: float | None
    height: float | None
    duration_seconds: float | None
    depicts: list[str] | None
    attribution: list[AttributionDto]
    url: None | str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        video_id: None | str
        if isinstance(self.video_id, UUID):
            video_id = str(self.video_id)
        else:
            video_id = self.video_id

        scene_id: None | str
        if isinstance(self.scene_id, UUID):
            scene_id = str(self.scene_id)
        else:
            scene_id = self.scene_id

        type_ = self.type_.value

        source = self.source.value

        name: None | str
        name = self.name

        content_type = self.content_type

        bytes_ = self.bytes_

        mime_type = self.mime_type

        size_bytes = self.size_bytes

        width: float | None
        width = self.width

        height: float | None
        height = self.height

        duration_seconds: float | None
        duration_seconds = self.duration_seconds

        depicts: list[str] | None
        if isinstance(self.depicts, list):
            depicts = self.depicts

        else:
            depicts = self.depicts

        attribution = []
        for attribution_item_data in self.attribution:
            attribution_item = attribution_item_data.to_dict()
            attribution.append(attribution_item)

        url: None | str
        url = self.url

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "video_id": video_id,
                "scene_id": scene_id,
                "type": type_,
                "source": source,
                "name": name,
                "content_type": content_type,
                "bytes": bytes_,
                "mime_type": mime_type,
                "size_bytes": size_bytes,
                "width": width,
                "height": height,
                "duration_seconds": duration_seconds,
                "depicts": depicts,
                "attribution": attribution,
                "url": url,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attribution_dto import AttributionDto

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_video_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                video_id_type_0 = UUID(data)

                return video_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        video_id = _parse_video_id(d.pop("video_id"))

        def _parse_scene_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                scene_id_type_0 = UUID(data)

                return scene_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        scene_id = _parse_scene_id(d.pop("scene_id"))

        type_ = AssetRecordDtoType(d.pop("type"))

        source = AssetRecordDtoSource(d.pop("source"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        content_type = d.pop("content_type")

        bytes_ = d.pop("bytes")

        mime_type = d.pop("mime_type")

        size_bytes = d.pop("size_bytes")

        def _parse_width(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        width = _parse_width(d.pop("width"))

        def _parse_height(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        height = _parse_height(d.pop("height"))

        def _parse_duration_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        duration_seconds = _parse_duration_seconds(d.pop("duration_seconds"))

        def _parse_depicts(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                depicts_type_0 = cast(list[str], data)

                return depicts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        depicts = _parse_depicts(d.pop("depicts"))

        attribution = []
        _attribution = d.pop("attribution")
        for attribution_item_data in _attribution:
            attribution_item = AttributionDto.from_dict(attribution_item_data)

            attribution.append(attribution_item)

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        created_at = d.pop("created_at")

        asset_record_dto = cls(
            id=id,
            video_id=video_id,
            scene_id=scene_id,
            type_=type_,
            source=source,
            name=name,
            content_type=content_type,
            bytes_=bytes_,
            mime_type=mime_type,
            size_bytes=size_bytes,
            width=width,
            height=height,
            duration_seconds=duration_seconds,
            depicts=depicts,
            attribution=attribution,
            url=url,
            created_at=created_at,
        )

        asset_record_dto.additional_properties = d
        return asset_record_dto

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
