from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.translate_video_dto import TranslateVideoDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...models.video_record_dto import VideoRecordDto
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: TranslateVideoDto,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/videos/{id}/translations".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto | None:
    if response.status_code == 201:
        response_201 = VideoRecordDto.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorBodyDto.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBodyDto.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBodyDto.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBodyDto.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorBodyDto.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = ValidationErrorBodyDto.from_dict(response.json())

        return response_422

    if response.status_code == 429:

        def _parse_response_429(data: object) -> ErrorBodyDto | RateLimitBodyDto:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_429_type_0 = RateLimitBodyDto.from_dict(data)

                return response_429_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_429_type_1 = ErrorBodyDto.from_dict(data)

            return response_429_type_1

        response_429 = _parse_response_429(response.json())

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
) -> Response[
    ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto
]:
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
    body: TranslateVideoDto,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto
]:
    """
    Args:
        id (UUID):
        idempotency_key (str | Unset):
        body (TranslateVideoDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TranslateVideoDto,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto | None:
    """
    Args:
        id (UUID):
        idempotency_key (str | Unset):
        body (TranslateVideoDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TranslateVideoDto,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto
]:
    """
    Args:
        id (UUID):
        idempotency_key (str | Unset):
        body (TranslateVideoDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: TranslateVideoDto,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto | None:
    """
    Args:
        id (UUID):
        idempotency_key (str | Unset):
        body (TranslateVideoDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | VideoRecordDto
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
