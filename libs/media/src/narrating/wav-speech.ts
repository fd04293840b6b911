import { writeFileAtomic } from '../common/atomic-file';
import { ProviderError, throwIfAborted } from '../common/media.errors';
import type { GeneratedSpeech } from '../common/media.types';
import { parseWavHeader } from './wav';
import { wordTimingsFromWav } from './word-timings';

/**
 * Stores a whole WAV that an engine spoke without word timings (espeak-ng's CLI build, an
 * OpenAI-compatible speech endpoint) as the narration at `outPath`: refused with `empty` when it
 * holds no audio, not stored once `signal` has aborted, and the words of `text` spread over the
 * measured speech.
 */
export async function storeWavSpeech(
  wav: Buffer,
  outPath: string,
  spoken: { text: string; provider: string; voice: string; empty: { message: string; retryable: boolean } },
  signal?: AbortSignal,
): Promise<GeneratedSpeech> {
  const info = parseWavHeader(wav, wav.length);
  if (info.dataBytes === 0) throw new ProviderError(spoken.empty.message, spoken.empty.retryable);
  throwIfAborted(signal);
  await writeFileAtomic(outPath, wav);
  return {
    path: outPath,
    durationSeconds: info.durationSeconds,
    mimeType: 'audio/wav',
    words: wordTimingsFromWav(spoken.text, wav),
    provider: spoken.provider,
    voice: spoken.voice,
  };
}
