from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.brands_preview_aspect_ratio import BrandsPreviewAspectRatio
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    aspect_ratio: BrandsPreviewAspectRatio | Unset = BrandsPreviewAspectRatio.VALUE_0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_aspect_ratio: str | Unset = UNSET
    if not isinstance(aspect_ratio, Unset):
        json_aspect_ratio = aspect_ratio.value

    params["aspect_ratio"] = json_aspect_ratio

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/brands/{id}/preview.png".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    if response.status_code == 401:
        response_401 = ErrorBodyDto.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBodyDto.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBodyDto.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ValidationErrorBodyDto.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = RateLimitBodyDto.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorBodyDto.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    aspect_ratio: BrandsPreviewAspectRatio | Unset = BrandsPreviewAspectRatio.VALUE_0,
) -> Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]:
    """
    Args:
        id (UUID):
        aspect_ratio (BrandsPreviewAspectRatio | Unset):  Default:
            BrandsPreviewAspectRatio.VALUE_0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        id=id,
        aspect_ratio=aspect_ratio,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    aspect_ratio: BrandsPreviewAspectRatio | Unset = BrandsPreviewAspectRatio.VALUE_0,
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        id (UUID):
        aspect_ratio (BrandsPreviewAspectRatio | Unset):  Default:
            BrandsPreviewAspectRatio.VALUE_0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return sync_detailed(
        id=id,
        client=client,
        aspect_ratio=aspect_ratio,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    aspect_ratio: BrandsPreviewAspectRatio | Unset = BrandsPreviewAspectRatio.VALUE_0,
) -> Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]:
    """
    Args:
        id (UUID):
        aspect_ratio (BrandsPreviewAspectRatio | Unset):  Default:
            BrandsPreviewAspectRatio.VALUE_0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        id=id,
        aspect_ratio=aspect_ratio,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    aspect_ratio: BrandsPreviewAspectRatio | Unset = BrandsPreviewAspectRatio.VALUE_0,
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        id (UUID):
        aspect_ratio (BrandsPreviewAspectRatio | Unset):  Default:
            BrandsPreviewAspectRatio.VALUE_0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            aspect_ratio=aspect_ratio,
        )
    ).parsed
