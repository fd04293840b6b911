"""A video's events as they happen: ``GET /videos/{id}/events`` as Server-Sent Events."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from .client import ApiError
from .generated import AuthenticatedClient

#: Log events after which the server closes the stream.
TERMINAL_EVENTS = ("completed", "failed", "deleted")


@dataclass(frozen=True)
class VideoStreamMessage:
    """One message: ``event`` is ``progress`` (``data``: ``status``, ``stage``, ``percent``,
    ``eta_seconds``) or a log event's type (``data``: the event as ``GET /videos/{id}/events``
    lists it); ``id`` is what ``last_event_id`` takes to resume after it."""

    id: str
    event: str
    data: dict[str, Any]


def video_events(
    client: AuthenticatedClient,
    video_id: str,
    *,
    last_event_id: str | None = None,
    max_retries: int = 5,
    retry: float = 1.0,
) -> Iterator[VideoStreamMessage]:
    """Yields the video's events: the log from the start (or after ``last_event_id``), progress
    every 2 s while it runs, until the terminal event (completed, failed or deleted), then stops.

    A dropped connection is resumed with ``Last-Event-ID``, so no event of the log is lost or
    repeated; ``max_retries`` reconnections in a row may fail before the error is raised. An
    answer that is not a stream (401, 403, 404, …) raises ApiError at once."""
    last = last_event_id
    failures = 0
    while True:
        headers = {"Accept": "text/event-stream"}
        if last:
            headers["Last-Event-ID"] = last
        try:
            with client.get_httpx_client().stream(
                "GET", f"/api/v1/videos/{video_id}/events", headers=headers
            ) as response:
                if response.status_code != 200:
                    response.read()
                    _raise(response)
                for fields in _messages(response.iter_lines()):
                    if "retry" in fields and fields["retry"].isdigit():
                        retry = int(fields["retry"]) / 1000
                    if "data" not in fields or "id" not in fields:
                        continue
                    failures = 0
                    last = fields["id"]
                    message = VideoStreamMessage(last, fields.get("event", "message"), json.loads(fields["data"]))
                    yield message
                    if message.event in TERMINAL_EVENTS:
                        return
        except (httpx.TransportError, httpx.StreamError):
            failures += 1
            if failures > max_retries:
                raise
        time.sleep(retry)


def _raise(response: httpx.Response) -> None:
    try:
        error = response.json().get("error")
    except ValueError:
        error = None
    if isinstance(error, dict):
        raise ApiError(response.status_code, str(error.get("code", "")), str(error.get("message", "")))
    raise ApiError(response.status_code, "UNKNOWN", response.text[:500])


def _messages(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The messages of a text/event-stream body: each one's fields, ``data`` lines joined."""
    fields: dict[str, str] = {}
    for line in lines:
        if line == "":
            if fields:
                yield fields
            fields = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data" and "data" in fields:
            fields["data"] += "\n" + value
        else:
            fields[name] = value
