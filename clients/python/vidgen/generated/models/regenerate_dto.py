from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegenerateDto")


@_attrs_define
class RegenerateDto:
    """
    Attributes:
        feedback (str): What to change in the script; an empty string is accepted Example: More about pollen.
    """

    feedback: str

    def to_dict(self) -> dict[str, Any]:
        feedback = self.feedback

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "feedback": feedback,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        feedback = d.pop("feedback")

        regenerate_dto = cls(
            feedback=feedback,
        )

        return regenerate_dto
