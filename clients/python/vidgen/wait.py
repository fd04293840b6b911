"""Polling a video until a status, the review gate, or a predicate holds."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Union

from .client import raise_for_error
from .generated import AuthenticatedClient
from .generated.api.videos import videos_get
from .generated.models.video_record_dto import VideoRecordDto

TERMINAL = ("completed", "failed")

Until = Union[str, Iterable[str], Callable[[VideoRecordDto], bool], None]


class WaitForVideoError(Exception):
    """The video ended in a status ``until`` does not accept, or the time ran out; ``last`` is the
    last record seen."""

    def __init__(self, message: str, last: VideoRecordDto | None) -> None:
        super().__init__(message)
        self.last = last


def _predicate(until: Until) -> Callable[[VideoRecordDto], bool]:
    if callable(until):
        return until
    if until is None:
        return lambda v: str(v.status) in TERMINAL
    if until == "awaiting_approval":
        return lambda v: bool(v.awaiting_approval)
    wanted = {until} if isinstance(until, str) else set(until)
    return lambda v: str(v.status) in wanted


def wait_for_video(
    client: AuthenticatedClient,
    video_id: str,
    *,
    until: Until = None,
    timeout: float = 600.0,
    interval: float = 1.0,
) -> VideoRecordDto:
    """Polls ``GET /videos/{id}`` until ``until`` holds and returns that record.

    ``until``: a status (``"completed"``), several, ``"awaiting_approval"`` (the review gate) or a
    predicate; by default a terminal status (completed or failed). Fails fast when the video
    reaches a terminal status ``until`` does not accept (a failed video never completes), and
    with the last record when ``timeout`` seconds have passed. Webhooks avoid polling."""
    done = _predicate(until)
    deadline = time.monotonic() + timeout
    last: VideoRecordDto | None = None
    while True:
        last = raise_for_error(videos_get.sync_detailed(id=video_id, client=client))
        if done(last):
            return last
        status = str(last.status)
        if status in TERMINAL:
            reason = last.failure_reason
            detail = f" ({reason.code}: {reason.message})" if reason else ""
            raise WaitForVideoError(f"video {video_id} ended {status}{detail}", last)
        if time.monotonic() >= deadline:
            raise WaitForVideoError(f"video {video_id} still {status} after {timeout} s", last)
        time.sleep(interval)
