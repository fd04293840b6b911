from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_record_dto_event import WebhookRecordDtoEvent

T = TypeVar("T", bound="WebhookRecordDto")


@_attrs_define
class WebhookRecordDto:
    """
    Attributes:
        id (UUID):
        user_id (UUID): Owner of the webhook
        url (str):
        event (WebhookRecordDtoEvent):
        secret (str): Signing secret for X-Service-Signature
        is_active (bool):
        created_at (str):  Example: 2026-11-21T10:00:00.123456Z.
    """

    id: UUID
    user_id: UUID
    url: str
    event: WebhookRecordDtoEvent
    secret: str
    is_active: bool
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        user_id = str(self.user_id)

        url = self.url

        event = self.event.value

        secret = self.secret

        is_active = self.is_active

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "url": url,
                "event": event,
                "secret": secret,
                "is_active": is_active,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        user_id = UUID(d.pop("user_id"))

        url = d.pop("url")

        event = WebhookRecordDtoEvent(d.pop("event"))

        secret = d.pop("secret")

        is_active = d.pop("is_active")

        created_at = d.pop("created_at")

        webhook_record_dto = cls(
            id=id,
            user_id=user_id,
            url=url,
            event=event,
            secret=secret,
            is_active=is_active,
            created_at=created_at,
        )

        webhook_record_dto.additional_properties = d
        return webhook_record_dto

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
