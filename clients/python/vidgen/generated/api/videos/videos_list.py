from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...models.video_page_dto import VideoPageDto
from ...models.videos_list_status import VideosListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: VideosListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/videos",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto | None:
    if response.status_code == 200:
        response_200 = VideoPageDto.from_dict(response.json())

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
) -> Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto]:
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
    status: VideosListStatus | Unset = UNSET,
) -> Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto]:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (VideosListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        status=status,
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
    status: VideosListStatus | Unset = UNSET,
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto | None:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (VideosListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: VideosListStatus | Unset = UNSET,
) -> Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto]:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (VideosListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: VideosListStatus | Unset = UNSET,
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto | None:
    """
    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (VideosListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoPageDto
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            status=status,
        )
    ).parsed
