from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.batch_record_dto import BatchRecordDto
from ...models.batches_create_files_body import BatchesCreateFilesBody
from ...models.create_batch_dto import CreateBatchDto
from ...models.error_body_dto import ErrorBodyDto
from ...models.rate_limit_body_dto import RateLimitBodyDto
from ...models.validation_error_body_dto import ValidationErrorBodyDto
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateBatchDto | BatchesCreateFilesBody | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/batches",
    }

    if isinstance(body, CreateBatchDto):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, BatchesCreateFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    if response.status_code == 201:
        response_201 = BatchRecordDto.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorBodyDto.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBodyDto.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorBodyDto.from_dict(response.json())

        return response_402

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
    BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
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
    body: CreateBatchDto | BatchesCreateFilesBody | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    """
    Args:
        idempotency_key (str | Unset):
        body (CreateBatchDto):
        body (BatchesCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
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
    body: CreateBatchDto | BatchesCreateFilesBody | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        idempotency_key (str | Unset):
        body (CreateBatchDto):
        body (BatchesCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateBatchDto | BatchesCreateFilesBody | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
]:
    """
    Args:
        idempotency_key (str | Unset):
        body (CreateBatchDto):
        body (BatchesCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto]
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
    body: CreateBatchDto | BatchesCreateFilesBody | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto | None:
    """
    Args:
        idempotency_key (str | Unset):
        body (CreateBatchDto):
        body (BatchesCreateFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchRecordDto | ErrorBodyDto | RateLimitBodyDto | ValidationErrorBodyDto
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
