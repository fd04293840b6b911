from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body_dto import ErrorBodyDto
from ...models.purchase_dto import PurchaseDto
from ...models.purchase_result_dto import PurchaseResultDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PurchaseDto,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/credits/purchase",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto | None
):
    if response.status_code == 200:
        response_200 = PurchaseResultDto.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorBodyDto.from_dict(response.json())

        return response_409

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
    ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto
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
    body: PurchaseDto,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    """
    Args:
        idempotency_key (str | Unset):
        body (PurchaseDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PurchaseDto,
    idempotency_key: str | Unset = UNSET,
) -> (
    ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto | None
):
    """
    Args:
        idempotency_key (str | Unset):
        body (PurchaseDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PurchaseDto,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    """
    Args:
        idempotency_key (str | Unset):
        body (PurchaseDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PurchaseDto,
    idempotency_key: str | Unset = UNSET,
) -> (
    ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto | None
):
    """
    Args:
        idempotency_key (str | Unset):
        body (PurchaseDto):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBodyDto | PurchaseResultDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
