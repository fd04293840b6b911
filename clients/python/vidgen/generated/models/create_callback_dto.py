from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_callback_dto_event import CreateCallbackDtoEvent

T = TypeVar("T", bound="CreateCallbackDto")


@_attrs_define
class CreateCallbackDto:
    """
    Attributes:
        url (str): HTTPS URL that receives deliveries Example: https://example.com/hooks/vidgen.
        event (CreateCallbackDtoEvent): Event type this webhook subscribes to
    """

    url: str
    event: CreateCallbackDtoEvent

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event = self.event.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "event": event,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        event = CreateCallbackDtoEvent(d.pop("event"))

        create_callback_dto = cls(
            url=url,
            event=event,
        )

        return create_callback_dto
