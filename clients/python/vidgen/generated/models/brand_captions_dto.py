from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.brand_captions_dto_position_type_0 import BrandCaptionsDtoPositionType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="BrandCaptionsDto")


@_attrs_define
class BrandCaptionsDto:
    """
    Attributes:
        text_color (None | str | Unset):  Default: '#FFFFFF'.
        box_color (None | str | Unset):  Default: '#000000'.
        box_opacity (float | None | Unset):  Default: 0.7.
        highlight_color (None | str | Unset): The spoken word in `word` captions Default: '#FFD23F'.
        position (BrandCaptionsDtoPositionType0 | None | Unset):  Default: BrandCaptionsDtoPositionType0.BOTTOM.
    """

    text_color: None | str | Unset = "#FFFFFF"
    box_color: None | str | Unset = "#000000"
    box_opacity: float | None | Unset = 0.7
    highlight_color: None | str | Unset = "#FFD23F"
    position: BrandCaptionsDtoPositionType0 | None | Unset = (
        BrandCaptionsDtoPositionType0.BOTTOM
    )

    def to_dict(self) -> dict[str, Any]:
        text_color: None | str | Unset
        if isinstance(self.text_color, Unset):
            text_color = UNSET
        else:
            text_color = self.text_color

        box_color: None | str | Unset
        if isinstance(self.box_color, Unset):
            box_color = UNSET
        else:
            box_color = self.box_color

        box_opacity: float | None | Unset
        if isinstance(self.box_opacity, Unset):
            box_opacity = UNSET
        else:
            box_opacity = self.box_opacity

        highlight_color: None | str | Unset
        if isinstance(self.highlight_color, Unset):
            highlight_color = UNSET
        else:
            highlight_color = self.highlight_color

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        elif isinstance(self.position, BrandCaptionsDtoPositionType0):
            position = self.position.value
        else:
            position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if text_color is not UNSET:
            field_dict["text_color"] = text_color
        if box_color is not UNSET:
            field_dict["box_color"] = box_color
        if box_opacity is not UNSET:
            field_dict["box_opacity"] = box_opacity
        if highlight_color is not UNSET:
            field_dict["highlight_color"] = highlight_color
        if position is not UNSET:
            field_dict["position"] = position

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_text_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text_color = _parse_text_color(d.pop("text_color", UNSET))

        def _parse_box_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        box_color = _parse_box_color(d.pop("box_color", UNSET))

        def _parse_box_opacity(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        box_opacity = _parse_box_opacity(d.pop("box_opacity", UNSET))

        def _parse_highlight_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        highlight_color = _parse_highlight_color(d.pop("highlight_color", UNSET))

        def _parse_position(
            data: object,
        ) -> BrandCaptionsDtoPositionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                position_type_0 = BrandCaptionsDtoPositionType0(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandCaptionsDtoPositionType0 | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        brand_captions_dto = cls(
            text_color=text_color,
            box_color=box_color,
            box_opacity=box_opacity,
            highlight_color=highlight_color,
            position=position,
        )

        return brand_captions_dto
