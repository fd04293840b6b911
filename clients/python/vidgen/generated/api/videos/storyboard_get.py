from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.storyboard_dto import StoryboardDto
from ...types import Response


def _get_kwargs(
    id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/videos/{id}/storyboard".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBodyDto | RateLimitBodyDto | StoryboardDto | None:
    if response.status_code == 200:
        response_200 = StoryboardDto.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorBodyDto.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBodyDto.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBodyDto.from_dict(response.json())

        return response_404

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
) -> Response[ErrorBodyDto | RateLimitBodyDto | StoryboardDto]:
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
) -> Response[ErrorBodyDto | RateLimitBodyDto | StoryboardDto]:
    """
    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | StoryboardDto]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> ErrorBodyDto | RateLimitBodyDto | StoryboardDto | None:
    """
    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | StoryboardDto
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBodyDto | RateLimitBodyDto | StoryboardDto]:
    """
    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | StoryboardDto]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
) -> ErrorBodyDto | RateLimitBodyDto | StoryboardDto | None:
    """
    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | StoryboardDto
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
