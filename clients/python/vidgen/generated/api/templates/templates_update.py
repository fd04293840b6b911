from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.template_record_dto import TemplateRecordDto
from ...models.update_template_dto import UpdateTemplateDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: UpdateTemplateDto,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/templates/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto | None
):
    if response.status_code == 200:
        response_200 = TemplateRecordDto.from_dict(response.json())

        return response_200

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
) -> Response[
    ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto
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
    body: UpdateTemplateDto,
) -> Response[
    ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto
]:
    """
    Args:
        id (UUID):
        body (UpdateTemplateDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateDto,
) -> (
    ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto | None
):
    """
    Args:
        id (UUID):
        body (UpdateTemplateDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateDto,
) -> Response[
    ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto
]:
    """
    Args:
        id (UUID):
        body (UpdateTemplateDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: UpdateTemplateDto,
) -> (
    ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto | None
):
    """
    Args:
        id (UUID):
        body (UpdateTemplateDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | RateLimitBodyDto | TemplateRecordDto | ValidationErrorBodyDto
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
