from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_row_record_dto_status import BatchRowRecordDtoStatus

if TYPE_CHECKING:
    from ..models.batch_row_record_dto_metadata_type_0 import (
        BatchRowRecordDtoMetadataType0,
    )
    from ..models.batch_row_record_dto_variables import BatchRowRecordDtoVariables


T = TypeVar("T", bound="BatchRowRecordDto")


@_attrs_define
class BatchRowRecordDto:
    """
    Attributes:
        index (int): The row’s place in the batch, from 0
        status (BatchRowRecordDtoStatus):
        video_id (None | UUID): Its video, once created
        variables (BatchRowRecordDtoVariables):
        metadata (BatchRowRecordDtoMetadataType0 | None):
    """

    index: int
    status: BatchRowRecordDtoStatus
    video_id: None | UUID
    variables: BatchRowRecordDtoVariables
    metadata: BatchRowRecordDtoMetadataType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_row_record_dto_metadata_type_0 import (
            BatchRowRecordDtoMetadataType0,
        )

        index = self.index

        status = self.status.value

        video_id: None | str
        if isinstance(self.video_id, UUID):
            video_id = str(self.video_id)
        else:
            video_id = self.video_id

        variables = self.variables.to_dict()

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, BatchRowRecordDtoMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "status": status,
                "video_id": video_id,
                "variables": variables,
                "metadata": metadata,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_row_record_dto_metadata_type_0 import (
            BatchRowRecordDtoMetadataType0,
        )
        from ..models.batch_row_record_dto_variables import BatchRowRecordDtoVariables

        d = dict(src_dict)
        index = d.pop("index")

        status = BatchRowRecordDtoStatus(d.pop("status"))

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

        variables = BatchRowRecordDtoVariables.from_dict(d.pop("variables"))

        def _parse_metadata(data: object) -> BatchRowRecordDtoMetadataType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = BatchRowRecordDtoMetadataType0.from_dict(data)

                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BatchRowRecordDtoMetadataType0 | None, data)

        metadata = _parse_metadata(d.pop("metadata"))

        batch_row_record_dto = cls(
            index=index,
            status=status,
            video_id=video_id,
            variables=variables,
            metadata=metadata,
        )

        batch_row_record_dto.additional_properties = d
        return batch_row_record_dto

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
