/**
 * The voices a speech provider offers and the rules that pair a video's language with one
 * (docs/decisions/0012-voices.md). Tags compare case-insensitively, subtag by subtag: a voice
 * speaks a language when their primary subtags agree ("de-CH" is spoken by "de"; "es-419" by
 * "es-419" and by "es"), or when the provider names that language among the ones the voice also
 * speaks (espeak-ng's Mandarin voice also answers to "zh").
 */

/** The shape of a BCP 47 tag the api accepts: "en", "pt-BR", "es-419", "zh-Hant-TW". */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

/** A voice as `GET /voices` lists it. */
export interface Voice {
  /** What `synthesize` accepts as `voice`. */
  id: string;
  name: string;
  /** BCP 47 tag of the voice's language; "mul" for a voice that speaks many. */
  language: string;
  /** The engine that speaks it: Piper (neural, offline), espeak-ng (formant, offline) or OpenAI. */
  provider: VoiceProvider;
  /** `neural` (a trained voice model) or `formant` (rule-based synthesis). */
  quality: VoiceQuality;
}

export type VoiceProvider = 'piper' | 'espeak' | 'openai';
export type VoiceQuality = 'neural' | 'formant';

/** A catalogue entry: the listed voice plus what the matching rules need. */
export interface CatalogueVoice extends Voice {
  /**
   * The tags this voice answers to, best first, each with the provider's preference (lower is
   * better). The voice's own language comes first with preference 0.
   */
  speaks: { tag: string; priority: number }[];
  /** A variant of a language's main voice (another timbre); never a language's default. */
  variant: boolean;
}

/** The part of a catalogue entry a client sees. */
export function publicVoice(v: CatalogueVoice): Voice {
  return { id: v.id, name: v.name, language: v.language, provider: v.provider, quality: v.quality };
}

export function subtags(tag: string): string[] {
  return tag.toLowerCase().split(/[-_]/).filter(Boolean);
}

export function primarySubtag(tag: string): string {
  return subtags(tag)[0] ?? '';
}

/** Whether the voice speaks `language` (same primary subtag as one of its tags). */
export function speaks(voice: CatalogueVoice, language: string): boolean {
  const primary = primarySubtag(language);
  return primary !== '' && voice.speaks.some((s) => primarySubtag(s.tag) === primary);
}

/** The catalogue's voices that speak `language`, in catalogue order. */
export function voicesFor(voices: readonly CatalogueVoice[], language: string): CatalogueVoice[] {
  return voices.filter((v) => speaks(v, language));
}

/**
 * The language's default voice: its first neural voice
 * (docs/decisions/0035-neural-voices-piper.md); else, of the main (non-variant) voices that speak
 * it, the one with the longest tag that the requested tag starts with ("es-419" → the Latin
 * American voice, "de-CH" → German, "es-MX" → the voice that also answers to "es-mx"), its own
 * language before a tag it also answers to, then the provider's preference ("en" → espeak-ng's
 * British English), then catalogue order. Undefined when no main voice speaks the language.
 */
export function defaultVoiceFor(
  voices: readonly CatalogueVoice[],
  language: string,
): CatalogueVoice | undefined {
  const wanted = subtags(language);
  let best: { voice: CatalogueVoice; score: number[] } | undefined;
  for (const voice of voices) {
    if (voice.variant || !speaks(voice, language)) continue;
    const score = voice.speaks
      .map((s, i) => [
        voice.quality === 'neural' ? 1 : 0,
        prefixLength(subtags(s.tag), wanted),
        i === 0 ? 1 : 0,
        -s.priority,
      ])
      .reduce((a, b) => (compare(b, a) > 0 ? b : a));
    if (!best || compare(score, best.score) > 0) best = { voice, score };
  }
  return best?.voice;
}

export type VoiceChoice =
  | { ok: true; voice: CatalogueVoice }
  | { ok: false; field: 'language' | 'voice'; msg: string };

/**
 * The voice a video is narrated with: the one asked for, which must exist and speak the video's
 * language, else the language's default voice.
 */
export function chooseVoice(
  voices: readonly CatalogueVoice[],
  language: string,
  requested: string | null | undefined,
): VoiceChoice {
  const fallback = defaultVoiceFor(voices, language);
  if (!fallback && !voices.some((v) => speaks(v, language))) {
    return { ok: false, field: 'language', msg: `no voice speaks language ${language} (see GET /voices)` };
  }
  if (requested === null || requested === undefined || requested === '') {
    if (fallback) return { ok: true, voice: fallback };
    // Only variants speak it: the first of them is as good a default as any.
    return { ok: true, voice: voicesFor(voices, language)[0]! };
  }
  const wanted = requested.toLowerCase();
  const voice = voices.find((v) => v.id.toLowerCase() === wanted);
  if (!voice) return { ok: false, field: 'voice', msg: `unknown voice ${requested} (see GET /voices)` };
  if (!speaks(voice, language)) {
    return {
      ok: false,
      field: 'voice',
      msg: `voice ${voice.id} speaks ${voice.language}, not ${language} (see GET /voices?language=${language})`,
    };
  }
  return { ok: true, voice };
}

/** The length of `tag` when `wanted` starts with all of it, else 0 ("en-gb" says nothing about "en"). */
function prefixLength(tag: string[], wanted: string[]): number {
  return tag.length <= wanted.length && tag.every((t, i) => t === wanted[i]) ? tag.length : 0;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A speech provider's voices as the api serves them: listed, filtered by language, chosen for a video. */
export class VoiceCatalogue {
  constructor(private readonly speech: { listVoices(): Promise<CatalogueVoice[]> }) {}

  /** The voices, or those that speak `language`, in catalogue order. */
  async list(language?: string): Promise<Voice[]> {
    const voices = await this.speech.listVoices();
    return (language ? voicesFor(voices, language) : voices).map(publicVoice);
  }

  async choose(language: string, requested: string | null | undefined): Promise<VoiceChoice> {
    return chooseVoice(await this.speech.listVoices(), language, requested);
  }
}
