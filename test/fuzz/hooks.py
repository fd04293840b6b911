"""Schemathesis hooks of `npm run fuzz` and the fuzz spec (loaded through SCHEMATHESIS_HOOKS).

Some rules of the API are about the account's data or the server's configuration, not about the
shape of a request, so no schema can state them: an asset id in a body must name an image, audio or
video file of the caller's own account (a `template_id`, `brand_id` or `from_video_id` a template,
brand or video of it, and `variables` fill exactly the template's placeholders), a `voice` must be
one the configured speech provider offers and speak the video's `language`. Before each call, values of the right shape are replaced by real
ones (test/support/fuzz.ts makes them: the fuzz account's uploads, the provider's voices), so
generated requests reach the rules behind those values. (Generated uploads keep their random
bytes: schemathesis re-checks an edited case against the schema, and raw file bytes do not pass
as a JSON string; an upload that does not decode is one of the accepted 422s of
schemathesis.toml.) Only positive cases (data the schema allows) are touched, and only values of the right
shape, so a request meant to be invalid stays invalid; the one exception is a voice or language
the examples phase took from a response and put where it does not fit (see _voice_and_language). The fixtures themselves are kept: a
generated DELETE of one of them (or a PATCH of the template, which could give it placeholders) is
pointed at an id that names nothing.
"""

import copy
import json
import os
import random
import re

import uuid

import schemathesis

FIXTURES = json.loads(os.environ.get("VIDGEN_FUZZ_FIXTURES") or "{}")
IMAGE = FIXTURES.get("imageId")
AUDIO = FIXTURES.get("audioId")
CLIP = FIXTURES.get("clipId")
# A template whose request has no placeholders, a brand and a video of the fuzz account.
TEMPLATE = FIXTURES.get("templateId")
BRAND = FIXTURES.get("brandId")
VIDEO = FIXTURES.get("videoId")
VOICES = FIXTURES.get("voices") or []
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
VOICE = re.compile(r"^[A-Za-z0-9+_-]{1,64}$")
LANGUAGE = re.compile(r"^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$")
PLACEHOLDER = re.compile(r"\{\{([A-Za-z0-9_]+)\}\}")
# Kept from generated calls: (method, path ending) -> the fixture ids it may not change.
KEPT = {
    ("DELETE", "/assets/{id}"): (IMAGE, AUDIO, CLIP),
    ("DELETE", "/templates/{id}"): (TEMPLATE,),
    ("PATCH", "/templates/{id}"): (TEMPLATE,),
    ("DELETE", "/brands/{id}"): (BRAND,),
    ("DELETE", "/videos/{id}"): (VIDEO,),
}


def _swap(container, key, replacement):
    if replacement and isinstance(container, dict) and isinstance(container.get(key), str):
        if UUID.match(container[key]):
            container[key] = replacement


def _voice_and_language(body):
    if not VOICES:
        return
    voice, language = body.get("voice"), body.get("language")
    voice_ok = voice is None or (isinstance(voice, str) and VOICE.match(voice))
    language_ok = language is None or (isinstance(language, str) and LANGUAGE.match(language))
    if not (voice_ok and language_ok):
        # A string of the wrong shape in a positive case was not generated from the schema: the
        # examples phase put a value it captured from a response there (a template that is not
        # narrated keeps any voice id, "piqd" say, and the pool put it in `language` too) and sent
        # it as valid. The case is meant to be valid, so both are made so.
        if not all(v is None or isinstance(v, str) for v in (voice, language)):
            return
    chosen_voice, chosen_language = random.choice(VOICES)
    if isinstance(voice, str):
        body["voice"] = chosen_voice
        if "language" in body and language is not None:
            body["language"] = chosen_language
        else:
            # Left out, the language is English: the voice must speak it.
            english = [v for v, lang in VOICES if lang.lower().split("-")[0] == "en"]
            body["voice"] = random.choice(english) if english else chosen_voice
    elif isinstance(language, str):
        body["language"] = chosen_language


def _positive(case):
    meta = getattr(case, "meta", None)
    generation = getattr(meta, "generation", None)
    mode = getattr(generation, "mode", None)
    return mode is None or getattr(mode, "is_positive", True)


@schemathesis.hook
def before_call(context, case, kwargs):
    body = case.body
    path = case.operation.path
    method = case.method.upper()
    params = case.path_parameters or {}
    for (kept_method, ending), ids in KEPT.items():
        if method == kept_method and path.endswith(ending) and params.get("id") in [i for i in ids if i]:
            case.path_parameters = {**params, "id": str(uuid.uuid4())}
            return
    if not _positive(case):
        return
    # Only JSON bodies: an edited multipart case must still pass the schema, which raw bytes do not.
    media_type = getattr(case, "media_type", None) or "application/json"
    if "json" not in media_type:
        return
    # A copy: generated bodies can share objects with the cases derived from them.
    body = copy.deepcopy(body)
    _replace(body, path, method)
    case.body = body


def _video_request(body):
    """The asset ids, brand and voice of a POST /videos body (or a template's request)."""
    scenes = body.get("scenes")
    if isinstance(scenes, list):
        for scene in scenes:
            _swap(scene, "image_asset_id", IMAGE)
            _swap(scene, "video_asset_id", CLIP)
            _swap(scene, "audio_asset_id", AUDIO)
    _swap(body.get("music"), "asset_id", AUDIO)
    _swap(body, "brand_id", BRAND)
    _voice_and_language(body)


def _placeholders(body):
    texts = [body.get("prompt")]
    scenes = body.get("scenes")
    if isinstance(scenes, list):
        for scene in scenes:
            if isinstance(scene, dict):
                texts += [scene.get("narration"), scene.get("visual_description")]
    return sorted({m for t in texts if isinstance(t, str) for m in PLACEHOLDER.findall(t)})


def _replace(body, path, method):
    if not isinstance(body, dict):
        return
    if path.endswith("/videos") and method == "POST":
        _video_request(body)
        _swap(body, "template_id", TEMPLATE)
        if TEMPLATE and body.get("template_id") == TEMPLATE:
            # The fixture template has no placeholders: the variables are those of the fields sent
            # beside template_id, each given a value.
            if "variables" in body or _placeholders(body):
                body["variables"] = {name: "x" for name in _placeholders(body)}
    elif path.endswith("/batches") and method == "POST":
        _swap(body, "template_id", TEMPLATE)
        rows = body.get("rows")
        if TEMPLATE and body.get("template_id") == TEMPLATE and isinstance(rows, list):
            for row in rows:
                if isinstance(row, dict) and isinstance(row.get("variables"), dict):
                    row["variables"] = {}
    elif path.endswith("/templates") or path.endswith("/templates/{id}"):
        if isinstance(body.get("request"), dict):
            _video_request(body["request"])
        _swap(body, "from_video_id", VIDEO)
    elif path.endswith("/brands") or path.endswith("/brands/{id}"):
        _swap(body.get("logo"), "asset_id", IMAGE)
    elif "/scenes" in path:
        _swap(body, "image_asset_id", IMAGE)
        _swap(body, "video_asset_id", CLIP)
