"""A client holding an API key, and the interface's error bodies as an exception."""

from __future__ import annotations

import json
from typing import Any

from .generated import AuthenticatedClient
from .generated.types import Response


def connect(base_url: str, api_key: str, *, timeout: float = 30.0) -> AuthenticatedClient:
    """A client of the vidgen API at ``base_url`` (its origin, e.g. ``http://localhost:8080``)
    sending ``api_key`` in the ``X-Api-Key`` header."""
    import httpx

    return AuthenticatedClient(
        base_url=base_url.rstrip("/"),
        token=api_key,
        prefix="",
        auth_header_name="X-Api-Key",
        timeout=httpx.Timeout(timeout),
    )


class ApiError(Exception):
    """An answer outside 2xx: ``status``, the interface's ``code`` and ``message``, the
    validation ``details`` (``[{"loc": [...], "msg": ...}]``) of a 422, and ``request_id``.
    The rate limiter's simple body ``{"error": "Rate limit exceeded: …"}`` has code
    ``RATE_LIMITED``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: list[dict[str, Any]] | None = None,
        request_id: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details or []
        self.request_id = request_id


def raise_for_error(response: Response[Any]) -> Any:
    """The parsed body of a 2xx ``response`` (from any ``*_detailed`` call), else an ApiError."""
    status = int(response.status_code)
    if 200 <= status < 300:
        return response.parsed
    try:
        body = json.loads(response.content or b"null")
    except ValueError:
        body = None
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        raise ApiError(
            status,
            str(error.get("code", "")),
            str(error.get("message", "")),
            error.get("details"),
            error.get("request_id"),
        )
    if isinstance(error, str):
        raise ApiError(status, "RATE_LIMITED", error)
    raise ApiError(status, "UNKNOWN", (response.content or b"").decode("utf-8", "replace")[:500])
