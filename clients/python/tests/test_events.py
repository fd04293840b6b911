"""video_events against a local server: a stream dropped mid-message is resumed with
Last-Event-ID, and an answer that is not a stream raises at once."""

import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from vidgen import ApiError, connect, video_events

VIDEO = "00000000-0000-4000-8000-000000000001"


class Server:
    """Answers each connection with the next of ``answers`` (the last one again after that)."""

    def __init__(self, answers):
        self.seen = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.seen.append(dict(self.headers))
                answers[min(len(outer.seen), len(answers)) - 1](self)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def stream(handler, body: bytes, close: bool):
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.wfile.write(body)
    handler.wfile.flush()
    if close:
        handler.close_connection = True


class VideoEvents(unittest.TestCase):
    def test_resumes_a_dropped_stream_and_stops_after_the_terminal_event(self):
        first = (
            b"retry: 10\n\n: heartbeat\n\n"
            b'id: 10000\nevent: created\ndata: {"seq":1}\n\n'
            b'id: 10001\nevent: progress\ndata: {"percent":4}\n\n'
            b"id: 10002\nevent: progr"
        )
        server = Server(
            [
                lambda h: stream(h, first, close=True),
                lambda h: stream(h, b'id: 20000\nevent: completed\ndata: {"seq":2}\n\n', close=True),
            ]
        )
        client = connect(server.url, "k")
        try:
            got = list(video_events(client, VIDEO))
        finally:
            client.get_httpx_client().close()
            server.close()
        self.assertEqual(
            [(m.id, m.event, m.data) for m in got],
            [("10000", "created", {"seq": 1}), ("10001", "progress", {"percent": 4}), ("20000", "completed", {"seq": 2})],
        )
        self.assertEqual([h.get("Last-Event-ID") for h in server.seen], [None, "10001"])
        self.assertEqual([h.get("X-Api-Key") for h in server.seen], ["k", "k"])

    def test_raises_at_once_on_an_answer_that_is_not_a_stream(self):
        def not_found(h):
            body = b'{"error":{"code":"NOT_FOUND","message":"Video not found","request_id":"r"}}'
            h.send_response(404)
            h.send_header("Content-Type", "application/json")
            h.send_header("Content-Length", str(len(body)))
            h.end_headers()
            h.wfile.write(body)

        server = Server([not_found])
        client = connect(server.url, "k")
        try:
            with self.assertRaises(ApiError) as caught:
                next(video_events(client, VIDEO))
        finally:
            client.get_httpx_client().close()
            server.close()
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "NOT_FOUND"))
        self.assertEqual(len(server.seen), 1)


if __name__ == "__main__":
    unittest.main()
