from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body_dto import ErrorBodyDto
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    signature: str | Unset = UNSET,
    expires: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["signature"] = signature

    params["expires"] = expires

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/assets/{id}/content".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBodyDto | File | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.text))

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

    if response.status_code == 500:
        response_500 = ErrorBodyDto.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBodyDto | File]:
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
    signature: str | Unset = UNSET,
    expires: str | Unset = UNSET,
) -> Response[ErrorBodyDto | File]:
    """
    Args:
        id (UUID):
        signature (str | Unset):
        expires (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | File]
    """

    kwargs = _get_kwargs(
        id=id,
        signature=signature,
        expires=expires,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    signature: str | Unset = UNSET,
    expires: str | Unset = UNSET,
) -> ErrorBodyDto | File | None:
    """
    Args:
        id (UUID):
        signature (str | Unset):
        expires (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | File
    """

    return sync_detailed(
        id=id,
        client=client,
        signature=signature,
        expires=expires,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    signature: str | Unset = UNSET,
    expires: str | Unset = UNSET,
) -> Response[ErrorBodyDto | File]:
    """
    Args:
        id (UUID):
        signature (str | Unset):
        expires (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | File]
    """

    kwargs = _get_kwargs(
        id=id,
        signature=signature,
        expires=expires,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    signature: str | Unset = UNSET,
    expires: str | Unset = UNSET,
) -> ErrorBodyDto | File | None:
    """
    Args:
        id (UUID):
        signature (str | Unset):
        expires (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | File
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            signature=signature,
            expires=expires,
        )
    ).parsed
