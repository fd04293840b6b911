from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_dto_event import WebhookDeliveryDtoEvent
from ..models.webhook_delivery_dto_status import WebhookDeliveryDtoStatus

if TYPE_CHECKING:
    from ..models.delivery_attempt_dto import DeliveryAttemptDto


T = TypeVar("T", bound="WebhookDeliveryDto")


@_attrs_define
class WebhookDeliveryDto:
    """
    Attributes:
        id (UUID): Sent as X-Service-Delivery-Id
        webhook_id (UUID):
        event (WebhookDeliveryDtoEvent):
        video_id (None | UUID): The video of a video event; null for batch.completed
        batch_id (None | UUID): The batch of batch.completed; null for a video event
        status (WebhookDeliveryDtoStatus):
        next_retry_at (None | str):
        created_at (str):
        updated_at (str):
        attempts (list[DeliveryAttemptDto]): Oldest first, across runs
    """

    id: UUID
    webhook_id: UUID
    event: WebhookDeliveryDtoEvent
    video_id: None | UUID
    batch_id: None | UUID
    status: WebhookDeliveryDtoStatus
    next_retry_at: None | str
    created_at: str
    updated_at: str
    attempts: list[DeliveryAttemptDto]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        webhook_id = str(self.webhook_id)

        event = self.event.value

        video_id: None | str
        if isinstance(self.video_id, UUID):
            video_id = str(self.video_id)
        else:
            video_id = self.video_id

        batch_id: None | str
        if isinstance(self.batch_id, UUID):
            batch_id = str(self.batch_id)
        else:
            batch_id = self.batch_id

        status = self.status.value

        next_retry_at: None | str
        next_retry_at = self.next_retry_at

        created_at = self.created_at

        updated_at = self.updated_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event": event,
                "video_id": video_id,
                "batch_id": batch_id,
                "status": status,
                "next_retry_at": next_retry_at,
                "created_at": created_at,
                "updated_at": updated_at,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivery_attempt_dto import DeliveryAttemptDto

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        webhook_id = UUID(d.pop("webhook_id"))

        event = WebhookDeliveryDtoEvent(d.pop("event"))

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

        def _parse_batch_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                batch_id_type_0 = UUID(data)

                return batch_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        batch_id = _parse_batch_id(d.pop("batch_id"))

        status = WebhookDeliveryDtoStatus(d.pop("status"))

        def _parse_next_retry_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_retry_at = _parse_next_retry_at(d.pop("next_retry_at"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = DeliveryAttemptDto.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        webhook_delivery_dto = cls(
            id=id,
            webhook_id=webhook_id,
            event=event,
            video_id=video_id,
            batch_id=batch_id,
            status=status,
            next_retry_at=next_retry_at,
            created_at=created_at,
            updated_at=updated_at,
            attempts=attempts,
        )

        webhook_delivery_dto.additional_properties = d
        return webhook_delivery_dto

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
