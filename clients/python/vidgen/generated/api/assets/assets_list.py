from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.asset_page_dto import AssetPageDto
from ...models.assets_list_source import AssetsListSource
from ...models.assets_list_type import AssetsListType
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    video_id: UUID | Unset = UNSET,
    type_: AssetsListType | Unset = UNSET,
    source: AssetsListSource | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_video_id: str | Unset = UNSET
    if not isinstance(video_id, Unset):
        json_video_id = str(video_id)
    params["video_id"] = json_video_id

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    json_source: str | Unset = UNSET
    if not isinstance(source, Unset):
        json_source = source.value

    params["source"] = json_source

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/assets",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    if response.status_code == 200:
        response_200 = AssetPageDto.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorBodyDto.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBodyDto.from_dict(response.json())

        return response_403

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
) -> Response[AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    video_id: UUID | Unset = UNSET,
    type_: AssetsListType | Unset = UNSET,
    source: AssetsListSource | Unset = UNSET,
) -> Response[AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        video_id (UUID | Unset):
        type_ (AssetsListType | Unset):
        source (AssetsListSource | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        video_id=video_id,
        type_=type_,
        source=source,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    video_id: UUID | Unset = UNSET,
    type_: AssetsListType | Unset = UNSET,
    source: AssetsListSource | Unset = UNSET,
) -> AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        video_id (UUID | Unset):
        type_ (AssetsListType | Unset):
        source (AssetsListSource | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        video_id=video_id,
        type_=type_,
        source=source,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    video_id: UUID | Unset = UNSET,
    type_: AssetsListType | Unset = UNSET,
    source: AssetsListSource | Unset = UNSET,
) -> Response[AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        video_id (UUID | Unset):
        type_ (AssetsListType | Unset):
        source (AssetsListSource | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        video_id=video_id,
        type_=type_,
        source=source,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    video_id: UUID | Unset = UNSET,
    type_: AssetsListType | Unset = UNSET,
    source: AssetsListSource | Unset = UNSET,
) -> AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        video_id (UUID | Unset):
        type_ (AssetsListType | Unset):
        source (AssetsListSource | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AssetPageDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            video_id=video_id,
            type_=type_,
            source=source,
        )
    ).parsed
