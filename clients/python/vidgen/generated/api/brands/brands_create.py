from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.brand_record_dto import BrandRecordDto
from ...models.create_brand_dto import CreateBrandDto
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...types import Response


def _get_kwargs(
    *,
    body: CreateBrandDto,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/brands",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    if response.status_code == 201:
        response_201 = BrandRecordDto.from_dict(response.json())

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
    BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateBrandDto,
) -> Response[
    BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    """
    Args:
        body (CreateBrandDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateBrandDto,
) -> BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        body (CreateBrandDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateBrandDto,
) -> Response[
    BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    """
    Args:
        body (CreateBrandDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateBrandDto,
) -> BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        body (CreateBrandDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BrandRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
