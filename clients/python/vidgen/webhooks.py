"""Checking a webhook delivery's signature (docs/webhooks.md#verify-the-signature)."""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from collections.abc import Mapping

_TIMESTAMP = re.compile(r"^\d{1,15}$")


def _header(headers: Mapping[str, str], name: str) -> str | None:
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value[0] if isinstance(value, (list, tuple)) else value
    return None


def verify_webhook(
    secret: str,
    headers: Mapping[str, str],
    raw_body: bytes | str,
    *,
    tolerance_seconds: int = 300,
    now_seconds: int | None = None,
) -> bool:
    """True when ``X-Service-Signature`` is ``sha256=`` + the lowercase hex HMAC-SHA-256, keyed
    with the webhook secret, of ``<X-Service-Timestamp>.<raw body>`` (compared in constant
    time), and the timestamp is within ``tolerance_seconds`` of the clock, so a captured delivery
    cannot be replayed later. ``raw_body`` is the body exactly as received, before JSON parsing."""
    signature = _header(headers, "X-Service-Signature")
    timestamp = _header(headers, "X-Service-Timestamp")
    if not signature or not timestamp or not _TIMESTAMP.match(timestamp):
        return False
    now = int(time.time()) if now_seconds is None else now_seconds
    if abs(now - int(timestamp)) > tolerance_seconds:
        return False
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    mac = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode("ascii") + body, hashlib.sha256)
    return hmac.compare_digest(f"sha256={mac.hexdigest()}", signature)
