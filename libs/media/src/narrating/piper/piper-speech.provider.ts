import { writeFileAtomic } from '../../common/atomic-file';
import { ProviderError, throwIfAborted } from '../../common/media.errors';
import {
  type GeneratedSpeech,
  mediaNiceness,
  type SpeechInput,
  type SpeechProvider,
  type WordTiming,
} from '../../common/media.types';
import { tidyWhitespace } from '../../common/text';
import type { CatalogueVoice } from '../../common/voices';
import { pcm16Wav } from '../wav';
import {
  type PiperSentence,
  phonemeIds,
  phonemizeClauses,
  sentences,
  splitClauses,
  wordWeights,
} from './piper-phonemes';
import { runPiper } from './piper-runtime';
import {
  findPiperVoices,
  type InstalledPiperVoice,
  missingVoiceMessage,
  piperCatalogue,
  piperVoiceDirs,
  verifyPiperVoice,
} from './piper-voices';

/** Silence between sentences, as Piper puts it. */
const SENTENCE_SILENCE_SECONDS = 0.2;
/**
 * The part of a clip that does not follow the length scale, over the part that does. VITS rounds
 * each token's duration up to whole frames, and the pads between phonemes last about a frame
 * whatever the scale: on en_US-joe-medium a clip lasts 17.2 s × scale + 5.9 s (0.35 = 5.9/17.2).
 * The scale is set so that the whole clip lasts 1/speed as long, not only the scaled part.
 */
const UNSCALED_SHARE = 0.35;

/** The length scale that makes a clip last about 1/speed of its length at the voice's own scale. */
export function lengthScaleFor(voiceScale: number, speed: number): number {
  return voiceScale * ((1 + UNSCALED_SHARE) / speed - UNSCALED_SHARE);
}

/** A clause's closing pause (",", ":", ";"), weighed against a word's phonemes. */
const CLAUSE_PAUSE_WEIGHT = 3;

/**
 * Neural narration with Piper voices: the voice's VITS model in ONNX, run with onnxruntime-node
 * on a thread of its own (piper-runtime.ts: the event loop stays free), one session per voice
 * kept for the process's life; phonemes from the espeak-ng the project ships.
 * Each sentence is synthesised on its own, as Piper does, up to one per runtime thread at a
 * time; an abort stops between sentences and rejects at once. Word timings come from the phoneme counts of each word within its sentence
 * (the published voices report no phoneme durations).
 */
export class PiperSpeechProvider implements SpeechProvider {
  private readonly dirs: string[];

  constructor(opts: { voicesDir?: string; dirs?: string[] } = {}) {
    this.dirs = opts.dirs ?? piperVoiceDirs(opts.voicesDir);
  }

  /** The installed voices, read from their configs on each call (a voice installed later shows). */
  installed(): InstalledPiperVoice[] {
    return findPiperVoices(this.dirs);
  }

  async listVoices(): Promise<CatalogueVoice[]> {
    return piperCatalogue(this.installed());
  }

  speaks(voiceId: string | undefined): boolean {
    return voiceId !== undefined && this.installed().some((v) => v.name === voiceId);
  }

  async synthesize(input: SpeechInput, outPath: string, signal?: AbortSignal): Promise<GeneratedSpeech> {
    throwIfAborted(signal);
    const text = tidyWhitespace(input.text ?? '');
    if (text === '') throw new ProviderError('Narration text is empty', false);
    const name = input.voice?.trim() ?? '';
    const voice = this.installed().find((v) => v.name === name);
    if (!voice) throw new ProviderError(missingVoiceMessage(name, this.dirs), false);
    const speed = input.speed ?? 1;
    if (!(speed >= 0.5 && speed <= 2)) throw new ProviderError(`Speed ${speed} is outside 0.5–2.0`, false);

    try {
      await verifyPiperVoice(voice);
    } catch (err) {
      throw new ProviderError((err as Error).message, false, { cause: err });
    }
    const clauses = splitClauses(text);
    const niceness = mediaNiceness('narration', input.yieldCpu);
    let phonemes: string[];
    try {
      phonemes = await phonemizeClauses(clauses, voice.config.espeak.voice, signal, niceness);
    } catch (err) {
      throwIfAborted(signal);
      throw new ProviderError(
        `espeak-ng could not phonemize the narration: ${(err as Error).message}`,
        false,
        {
          cause: err,
        },
      );
    }
    const rate = voice.config.audio.sample_rate;
    const chunks: Int16Array[] = [];
    const words: WordTiming[] = [];
    let samples = 0;
    const silence = new Int16Array(Math.round((SENTENCE_SILENCE_SECONDS / speed) * rate));
    const said = sentences(clauses, phonemes);
    // Every sentence goes to the runtime's queue at once, in order: they spread over the runtime
    // threads, and a less urgent narration's sentence never runs between two of this one's
    // (docs/decisions/0084-the-media-first-lane.md). The first failure takes the rest out of the
    // queue; they are put together in their order.
    const audios: Int16Array[] = new Array(said.length);
    const stop = new AbortController();
    const abort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    const options = {
      speed,
      priority: input.priority,
      weight: input.weight,
      niceness,
    };
    try {
      throwIfAborted(signal);
      // Settled, not raced: the call ends with none of its sentences still in flight.
      const results = await Promise.allSettled(
        said.map(async (sentence, i) => {
          try {
            audios[i] = await this.infer(voice, sentence, options, stop.signal);
          } catch (err) {
            stop.abort(err);
            throw err;
          }
        }),
      );
      throwIfAborted(signal);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    for (const [i, sentence] of said.entries()) {
      const audio = audios[i]!;
      if (chunks.length > 0) {
        chunks.push(silence);
        samples += silence.length;
      }
      words.push(...sentenceWords(sentence, samples / rate, audio.length / rate));
      chunks.push(audio);
      samples += audio.length;
    }
    if (samples === 0) throw new ProviderError('Piper produced no audio (nothing to pronounce)', false);
    throwIfAborted(signal);
    await writeFileAtomic(outPath, pcm16Wav(chunks, rate));
    return {
      path: outPath,
      durationSeconds: samples / rate,
      mimeType: 'audio/wav',
      words,
      provider: 'piper',
      voice: voice.name,
    };
  }

  private async infer(
    voice: InstalledPiperVoice,
    sentence: PiperSentence,
    {
      speed,
      priority,
      weight,
      niceness,
    }: { speed: number; priority?: number; weight?: number; niceness: number },
    signal?: AbortSignal,
  ): Promise<Int16Array> {
    const inf = voice.config.inference;
    let audio: Float32Array;
    try {
      audio = await runPiper(
        {
          model: voice.modelPath,
          ids: phonemeIds(sentence.phonemes, voice.config.phoneme_id_map),
          scales: [inf.noise_scale, lengthScaleFor(inf.length_scale, speed), inf.noise_w],
          sid: (voice.config.num_speakers ?? 1) > 1 ? 0 : undefined,
          priority,
          weight,
          niceness,
        },
        signal,
      );
    } catch (err) {
      throwIfAborted(signal);
      throw new ProviderError(`Piper voice ${voice.name} could not speak: ${(err as Error).message}`, false, {
        cause: err,
      });
    }
    const pcm = new Int16Array(audio.length);
    for (let i = 0; i < audio.length; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, audio[i]!)) * 32767);
    return pcm;
  }
}

/** The sentence's words, spread over its audio by their phoneme counts and the clause pauses. */
function sentenceWords(sentence: PiperSentence, offset: number, seconds: number): WordTiming[] {
  const parts = sentence.clauses.map((c) => ({
    words: wordWeights(c.clause.text, c.phonemes),
    pause: c.clause.sentenceEnd ? 0 : CLAUSE_PAUSE_WEIGHT,
  }));
  const total = parts.reduce((n, p) => n + p.pause + p.words.reduce((m, w) => m + w.weight, 0), 0);
  if (total === 0) return [];
  const unit = seconds / total;
  const out: WordTiming[] = [];
  let at = 0;
  for (const part of parts) {
    for (const w of part.words) {
      const start = offset + at * unit;
      at += w.weight;
      out.push({ text: w.word, start: round(start), end: round(offset + at * unit) });
    }
    at += part.pause;
  }
  return out;
}

function round(s: number): number {
  return Math.round(s * 1000) / 1000;
}
