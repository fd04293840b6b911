"""vidgen's Python SDK.

``vidgen.generated`` is the client openapi-python-client writes from the API document
(``npm run client:generate``); this package adds what the TypeScript client has beside it:
``connect`` (a client holding an API key), ``ApiError`` / ``raise_for_error`` (the interface's error
bodies as an exception), ``wait_for_video``, ``video_events`` (the event stream, resumed after a
dropped connection) and ``verify_webhook``.
"""

from .client import ApiError, connect, raise_for_error
from .events import VideoStreamMessage, video_events
from .generated import AuthenticatedClient, Client
from .wait import WaitForVideoError, wait_for_video
from .webhooks import verify_webhook

__all__ = [
    "ApiError",
    "AuthenticatedClient",
    "Client",
    "VideoStreamMessage",
    "WaitForVideoError",
    "connect",
    "raise_for_error",
    "verify_webhook",
    "video_events",
    "wait_for_video",
]
