from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateSceneDto")


@_attrs_define
class UpdateSceneDto:
    """
    Attributes:
        visual_description (str | Unset):
        narration (str | Unset):
        image_asset_id (None | Unset | UUID): An uploaded image of this account for the scene; null goes back to a
            generated image
        video_asset_id (None | Unset | UUID): A video clip of this account that plays in the scene (muted, fitted to the
            frame, cut or looped to the narration); not together with image_asset_id
    """

    visual_description: str | Unset = UNSET
    narration: str | Unset = UNSET
    image_asset_id: None | Unset | UUID = UNSET
    video_asset_id: None | Unset | UUID = UNSET

    def to_dict(self) -> dict[str, Any]:
        visual_description = self.visual_description

        narration = self.narration

        image_asset_id: None | str | Unset
        if isinstance(self.image_asset_id, Unset):
            image_asset_id = UNSET
        elif isinstance(self.image_asset_id, UUID):
            image_asset_id = str(self.image_asset_id)
        else:
            image_asset_id = self.image_asset_id

        video_asset_id: None | str | Unset
        if isinstance(self.video_asset_id, Unset):
            video_asset_id = UNSET
        elif isinstance(self.video_asset_id, UUID):
            video_asset_id = str(self.video_asset_id)
        else:
            video_asset_id = self.video_asset_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if visual_description is not UNSET:
            field_dict["visual_description"] = visual_description
        if narration is not UNSET:
            field_dict["narration"] = narration
        if image_asset_id is not UNSET:
            field_dict["image_asset_id"] = image_asset_id
        if video_asset_id is not UNSET:
            field_dict["video_asset_id"] = video_asset_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        visual_description = d.pop("visual_description", UNSET)

        narration = d.pop("narration", UNSET)

        def _parse_image_asset_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                image_asset_id_type_0 = UUID(data)

                return image_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        image_asset_id = _parse_image_asset_id(d.pop("image_asset_id", UNSET))

        def _parse_video_asset_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                video_asset_id_type_0 = UUID(data)

                return video_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        video_asset_id = _parse_video_asset_id(d.pop("video_asset_id", UNSET))

        update_scene_dto = cls(
            visual_description=visual_description,
            narration=narration,
            image_asset_id=image_asset_id,
            video_asset_id=video_asset_id,
        )

        return update_scene_dto
