from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.speech_stage_provider_dto import SpeechStageProviderDto
    from ..models.stage_provider_dto import StageProviderDto


T = TypeVar("T", bound="ProvidersDto")


@_attrs_define
class ProvidersDto:
    """
    Attributes:
        script (StageProviderDto):
        image (StageProviderDto):
        speech (SpeechStageProviderDto):
        stock (StageProviderDto):
    """

    script: StageProviderDto
    image: StageProviderDto
    speech: SpeechStageProviderDto
    stock: StageProviderDto
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        script = self.script.to_dict()

        image = self.image.to_dict()

        speech = self.speech.to_dict()

        stock = self.stock.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "script": script,
                "image": image,
                "speech": speech,
                "stock": stock,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.speech_stage_provider_dto import SpeechStageProviderDto
        from ..models.stage_provider_dto import StageProviderDto

        d = dict(src_dict)
        script = StageProviderDto.from_dict(d.pop("script"))

        image = StageProviderDto.from_dict(d.pop("image"))

        speech = SpeechStageProviderDto.from_dict(d.pop("speech"))

        stock = StageProviderDto.from_dict(d.pop("stock"))

        providers_dto = cls(
            script=script,
            image=image,
            speech=speech,
            stock=stock,
        )

        providers_dto.additional_properties = d
        return providers_dto

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
