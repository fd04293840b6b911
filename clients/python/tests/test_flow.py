"""The SDK against a running service (VIDGEN_BASE_URL, VIDGEN_API_KEY with every scope and
credits; VIDGEN_PNG_PATH a picture to upload): run by test/client-generators.e2e.spec.ts."""

import os
import unittest

from vidgen import ApiError, connect, raise_for_error, video_events, wait_for_video
from vidgen.generated.api.assets import assets_create
from vidgen.generated.api.videos import (
    storyboard_get,
    storyboard_preview,
    videos_create,
    videos_get,
    videos_list,
)
from vidgen.generated.models.assets_create_files_body import AssetsCreateFilesBody
from vidgen.generated.models.create_video_dto import CreateVideoDto
from vidgen.generated.types import File

NOT_A_VIDEO = "00000000-0000-4000-8000-000000000000"


@unittest.skipUnless(os.environ.get("VIDGEN_BASE_URL"), "needs a running service")
class Flow(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = connect(os.environ["VIDGEN_BASE_URL"], os.environ["VIDGEN_API_KEY"])

    def test_create_with_auto_approve_and_wait_until_completed(self):
        body = CreateVideoDto(prompt="A lighthouse at night. Its beam sweeps the sea.", scene_count=1, auto_approve=True)
        created = raise_for_error(videos_create.sync_detailed(client=self.client, body=body))
        self.assertEqual(str(created.status), "pending")
        done = wait_for_video(self.client, str(created.id), timeout=480, interval=0.5)
        self.assertEqual(str(done.status), "completed")
        self.assertIsNone(done.failure_reason)
        self.assertTrue(done.video_url.startswith("http"))

    def test_follows_a_video_through_its_event_stream_and_resumes_after_a_drop(self):
        body = CreateVideoDto(prompt="A kite over a beach. The wind lifts it.", scene_count=1, auto_approve=True)
        created = raise_for_error(videos_create.sync_detailed(client=self.client, body=body))
        first = []
        for message in video_events(self.client, str(created.id)):
            first.append(message)
            if message.event == "stage_started":
                break  # the connection is dropped here
        rest = list(video_events(self.client, str(created.id), last_event_id=first[-1].id))
        seen = first + rest
        ids = [int(m.id) for m in seen]
        self.assertEqual(ids, sorted(set(ids)))
        self.assertEqual(rest[-1].event, "completed")
        seqs = [m.data["seq"] for m in seen if m.event != "progress"]
        self.assertEqual(seqs, list(range(1, len(seqs) + 1)))
        percents = [m.data["percent"] for m in seen if m.event == "progress"]
        self.assertEqual(percents, sorted(percents))
        with self.assertRaises(ApiError) as caught:
            next(video_events(self.client, NOT_A_VIDEO))
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "NOT_FOUND"))

    def test_storyboard_and_draft_at_the_review_gate(self):
        body = CreateVideoDto(prompt="A lighthouse at night. Its beam sweeps the sea.", scene_count=1)
        created = raise_for_error(videos_create.sync_detailed(client=self.client, body=body))
        wait_for_video(self.client, str(created.id), until="awaiting_approval", timeout=300, interval=0.5)
        board = raise_for_error(storyboard_get.sync_detailed(id=str(created.id), client=self.client))
        self.assertTrue(board.sheet_url.startswith("http"))
        self.assertEqual([s.position for s in board.scenes], [1])
        self.assertTrue(board.scenes[0].image_url.startswith("http"))
        asked = raise_for_error(storyboard_preview.sync_detailed(id=str(created.id), client=self.client))
        self.assertEqual(str(asked.preview.status), "rendering")
        ready = wait_for_video(
            self.client,
            str(created.id),
            until=lambda v: bool(v.preview) and str(v.preview.status) != "rendering",
            timeout=300,
            interval=0.5,
        )
        self.assertEqual(str(ready.preview.status), "ready")
        self.assertTrue(ready.preview.url.startswith("http"))

    def test_lists_with_a_cursor(self):
        for prompt in ("First of a list.", "Second of a list."):
            raise_for_error(videos_create.sync_detailed(client=self.client, body=CreateVideoDto(prompt=prompt, scene_count=1)))
        first = raise_for_error(videos_list.sync_detailed(client=self.client, limit=1))
        self.assertEqual(len(first.data), 1)
        self.assertTrue(first.next_cursor)
        second = raise_for_error(videos_list.sync_detailed(client=self.client, limit=1, cursor=first.next_cursor))
        self.assertEqual(len(second.data), 1)
        self.assertNotEqual(first.data[0].id, second.data[0].id)

    def test_uploads_a_picture(self):
        with open(os.environ["VIDGEN_PNG_PATH"], "rb") as f:
            payload = f.read()
        body = AssetsCreateFilesBody(file=File(payload=payload, file_name="frame.png", mime_type="image/png"))
        asset = raise_for_error(assets_create.sync_detailed(client=self.client, body=body))
        self.assertEqual(str(asset.type_), "image")
        self.assertEqual(asset.bytes_, len(payload))

    def test_an_unknown_video_is_not_found(self):
        with self.assertRaises(ApiError) as caught:
            raise_for_error(videos_get.sync_detailed(id=NOT_A_VIDEO, client=self.client))
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "NOT_FOUND"))

    def test_a_scene_count_out_of_range_is_a_validation_error(self):
        body = CreateVideoDto(prompt="Too many scenes.", scene_count=99)
        with self.assertRaises(ApiError) as caught:
            raise_for_error(videos_create.sync_detailed(client=self.client, body=body))
        self.assertEqual((caught.exception.status, caught.exception.code), (422, "VALIDATION_ERROR"))
        self.assertIn(["body", "scene_count"], [d["loc"] for d in caught.exception.details])


if __name__ == "__main__":
    unittest.main()
