from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.video_event_dto_data import VideoEventDtoData


T = TypeVar("T", bound="VideoEventDto")


@_attrs_define
class VideoEventDto:
    """
    Attributes:
        id (UUID):
        seq (float): Order within the video, from 1
        type_ (str):  Example: status_changed.
        status (None | str):  Example: scripting.
        stage (None | str):  Example: scripting.
        data (VideoEventDtoData):
        created_at (str):  Example: 2026-11-21T10:00:00.123456.
    """

    id: UUID
    seq: float
    type_: str
    status: None | str
    stage: None | str
    data: VideoEventDtoData
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        seq = self.seq

        type_ = self.type_

        status: None | str
        status = self.status

        stage: None | str
        stage = self.stage

        data = self.data.to_dict()

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "seq": seq,
                "type": type_,
                "status": status,
                "stage": stage,
                "data": data,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.video_event_dto_data import VideoEventDtoData

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        seq = d.pop("seq")

        type_ = d.pop("type")

        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))

        def _parse_stage(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stage = _parse_stage(d.pop("stage"))

        data = VideoEventDtoData.from_dict(d.pop("data"))

        created_at = d.pop("created_at")

        video_event_dto = cls(
            id=id,
            seq=seq,
            type_=type_,
            status=status,
            stage=stage,
            data=data,
            created_at=created_at,
        )

        video_event_dto.additional_properties = d
        return video_event_dto

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
