"""The flow of test/client-generators.e2e.spec.ts with the client openapi-generator's `python`
target wrote (package `vidgen_og` on PYTHONPATH). Prints one JSON object of what it saw."""

import json
import os
import sys
import time

import vidgen_og
from vidgen_og.api.assets_api import AssetsApi
from vidgen_og.api.videos_api import VideosApi
from vidgen_og.exceptions import ApiException

config = vidgen_og.Configuration(host=os.environ["VIDGEN_BASE_URL"])
config.api_key["ApiKey"] = os.environ["VIDGEN_API_KEY"]
client = vidgen_og.ApiClient(config)
videos = VideosApi(client)
assets = AssetsApi(client)
seen = {}


def error_of(call):
    try:
        call()
    except ApiException as e:
        body = json.loads(e.body)
        return {"status": e.status, "code": body["error"]["code"], "details": body["error"].get("details")}
    return None


created = videos.videos_create(
    vidgen_og.CreateVideoDto(prompt="A lighthouse at night. Its beam sweeps the sea.", scene_count=1, auto_approve=True)
)
deadline = time.monotonic() + 480
video = videos.videos_get(str(created.id))
while video.status not in ("completed", "failed") and time.monotonic() < deadline:
    time.sleep(0.5)
    video = videos.videos_get(str(created.id))
seen["created_status"] = created.status
seen["final_status"] = video.status
seen["failure_reason"] = video.failure_reason.to_dict() if video.failure_reason else None
seen["video_url"] = video.video_url

for prompt in ("First of a list.", "Second of a list."):
    videos.videos_create(vidgen_og.CreateVideoDto(prompt=prompt, scene_count=1))
first = videos.videos_list(limit=1)
second = videos.videos_list(limit=1, cursor=first.next_cursor)
seen["pages"] = [[str(v.id) for v in first.data], [str(v.id) for v in second.data]]

with open(os.environ["VIDGEN_PNG_PATH"], "rb") as f:
    payload = f.read()
# POST /assets takes a multipart upload or a JSON import; this generator sends JSON unless told.
asset = assets.assets_create(file=("frame.png", payload), _content_type="multipart/form-data")
seen["upload"] = {"type": asset.type, "bytes": asset.bytes}

seen["not_found"] = error_of(lambda: videos.videos_get("00000000-0000-4000-8000-000000000000"))
seen["invalid"] = error_of(lambda: videos.videos_create(vidgen_og.CreateVideoDto.model_construct(prompt="x", scene_count=99)))
json.dump(seen, sys.stdout)
