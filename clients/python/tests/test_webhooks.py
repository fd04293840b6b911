"""verify_webhook: the signature scheme of docs/webhooks.md, and deliveries a real stack signed."""

import base64
import hashlib
import hmac
import json
import os
import unittest

from vidgen import verify_webhook

SECRET = "whsec_test"
BODY = b'{"event":"video.completed","data":{"id":"x"}}'
NOW = 1_800_000_000


def signed(body: bytes = BODY, timestamp: int = NOW, secret: str = SECRET) -> dict:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return {"X-Service-Timestamp": str(timestamp), "X-Service-Signature": f"sha256={mac}"}


class VerifyWebhook(unittest.TestCase):
    def test_accepts_a_delivery_signed_with_the_secret(self):
        self.assertTrue(verify_webhook(SECRET, signed(), BODY, now_seconds=NOW))

    def test_reads_headers_whatever_their_case(self):
        headers = {k.lower(): v for k, v in signed().items()}
        self.assertTrue(verify_webhook(SECRET, headers, BODY.decode(), now_seconds=NOW))

    def test_refuses_a_changed_body_another_secret_or_a_missing_header(self):
        self.assertFalse(verify_webhook(SECRET, signed(), BODY + b" ", now_seconds=NOW))
        self.assertFalse(verify_webhook("whsec_other", signed(), BODY, now_seconds=NOW))
        self.assertFalse(verify_webhook(SECRET, {"X-Service-Timestamp": str(NOW)}, BODY, now_seconds=NOW))

    def test_refuses_a_timestamp_outside_the_tolerance(self):
        self.assertFalse(verify_webhook(SECRET, signed(timestamp=NOW - 301), BODY, now_seconds=NOW))
        self.assertTrue(
            verify_webhook(SECRET, signed(timestamp=NOW - 301), BODY, now_seconds=NOW, tolerance_seconds=600)
        )

    @unittest.skipUnless(os.environ.get("VIDGEN_DELIVERIES_FILE"), "run by the webhook delivery spec")
    def test_accepts_the_deliveries_a_running_service_signed(self):
        with open(os.environ["VIDGEN_DELIVERIES_FILE"], encoding="utf-8") as f:
            deliveries = json.load(f)
        self.assertGreater(len(deliveries), 0)
        for d in deliveries:
            body = base64.b64decode(d["body_base64"])
            self.assertTrue(verify_webhook(d["secret"], d["headers"], body), d["headers"])
            self.assertFalse(verify_webhook(d["secret"], d["headers"], body + b"x"))


if __name__ == "__main__":
    unittest.main()
