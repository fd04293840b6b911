from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClientSceneDto")


@_attrs_define
class ClientSceneDto:
    """
    Attributes:
        narration (str):  Example: Bees dance to share news..
        visual_description (str | Unset): What the picture shows; made from the narration when left out
        image_asset_id (UUID | Unset): An uploaded image of this account, used for the scene instead of a generated one
        audio_asset_id (UUID | Unset): An uploaded audio asset of this account: the scene's narration, its length the
            scene's; `narration` becomes its captions and no narration credit is charged for it
        video_asset_id (UUID | Unset): A video clip of this account that plays in the scene (muted, fitted to the frame,
            cut or looped to the narration); not together with image_asset_id
        search_terms (str | Unset): Words for the stock search of a `"visuals": "stock"` video; made from
            visual_description when left out
    """

    narration: str
    visual_description: str | Unset = UNSET
    image_asset_id: UUID | Unset = UNSET
    audio_asset_id: UUID | Unset = UNSET
    video_asset_id: UUID | Unset = UNSET
    search_terms: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        narration = self.narration

        visual_description = self.visual_description

        image_asset_id: str | Unset = UNSET
        if not isinstance(self.image_asset_id, Unset):
            image_asset_id = str(self.image_asset_id)

        audio_asset_id: str | Unset = UNSET
        if not isinstance(self.audio_asset_id, Unset):
            audio_asset_id = str(self.audio_asset_id)

        video_asset_id: str | Unset = UNSET
        if not isinstance(self.video_asset_id, Unset):
            video_asset_id = str(self.video_asset_id)

        search_terms = self.search_terms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "narration": narration,
            }
        )
        if visual_description is not UNSET:
            field_dict["visual_description"] = visual_description
        if image_asset_id is not UNSET:
            field_dict["image_asset_id"] = image_asset_id
        if audio_asset_id is not UNSET:
            field_dict["audio_asset_id"] = audio_asset_id
        if video_asset_id is not UNSET:
            field_dict["video_asset_id"] = video_asset_id
        if search_terms is not UNSET:
            field_dict["search_terms"] = search_terms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        narration = d.pop("narration")

        visual_description = d.pop("visual_description", UNSET)

        _image_asset_id = d.pop("image_asset_id", UNSET)
        image_asset_id: UUID | Unset
        if isinstance(_image_asset_id, Unset):
            image_asset_id = UNSET
        else:
            image_asset_id = UUID(_image_asset_id)

        _audio_asset_id = d.pop("audio_asset_id", UNSET)
        audio_asset_id: UUID | Unset
        if isinstance(_audio_asset_id, Unset):
            audio_asset_id = UNSET
        else:
            audio_asset_id = UUID(_audio_asset_id)

        _video_asset_id = d.pop("video_asset_id", UNSET)
        video_asset_id: UUID | Unset
        if isinstance(_video_asset_id, Unset):
            video_asset_id = UNSET
        else:
            video_asset_id = UUID(_video_asset_id)

        search_terms = d.pop("search_terms", UNSET)

        client_scene_dto = cls(
            narration=narration,
            visual_description=visual_description,
            image_asset_id=image_asset_id,
            audio_asset_id=audio_asset_id,
            video_asset_id=video_asset_id,
            search_terms=search_terms,
        )

        return client_scene_dto
