from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_row_dto_metadata import BatchRowDtoMetadata
    from ..models.batch_row_dto_variables import BatchRowDtoVariables


T = TypeVar("T", bound="BatchRowDto")


@_attrs_define
class BatchRowDto:
    """
    Attributes:
        variables (BatchRowDtoVariables): A value for each of the template's variables, as for POST /videos; none may be
            empty Example: {'product': 'Trail shoe', 'price': '89 EUR'}.
        metadata (BatchRowDtoMetadata | Unset): Anything of yours to find the row by (a SKU, a customer id); shown with
            the row Example: {'sku': 'TS-42'}.
    """

    variables: BatchRowDtoVariables
    metadata: BatchRowDtoMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        variables = self.variables.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variables": variables,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_row_dto_metadata import BatchRowDtoMetadata
        from ..models.batch_row_dto_variables import BatchRowDtoVariables

        d = dict(src_dict)
        variables = BatchRowDtoVariables.from_dict(d.pop("variables"))

        _metadata = d.pop("metadata", UNSET)
        metadata: BatchRowDtoMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = BatchRowDtoMetadata.from_dict(_metadata)

        batch_row_dto = cls(
            variables=variables,
            metadata=metadata,
        )

        return batch_row_dto
