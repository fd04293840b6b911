import type { CatalogueVoice } from '../common/voices';

/**
 * The OpenAI speech voices. Each speaks every language the speech models support (the text's
 * own language is spoken), so each is listed once with the language "mul" and answers to every
 * language below (docs/decisions/0012-voices.md). The configured default voice comes first, also
 * when it is a name this list does not know (an OpenAI-compatible server's own voice).
 */
export const OPENAI_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const;

/** ISO 639-1 codes of the languages OpenAI documents for its speech models (Whisper's list). */
export const OPENAI_SPEECH_LANGUAGES = (
  'af ar hy az be bs bg ca zh hr cs da nl en et fi fr gl de el he hi hu is id it ja kn kk ko lv lt ' +
  'mk ms mr mi ne no nb nn fa pl pt ro ru sr sk sl es sw sv tl ta th tr uk ur vi cy'
).split(' ');

export function openAiCatalogue(defaultVoice: string): CatalogueVoice[] {
  return withDefaultFirst(defaultVoice, OPENAI_VOICES).map((id) =>
    compatibleVoice(id, id.charAt(0).toUpperCase() + id.slice(1)),
  );
}

/** The configured voice first, also when the list lacks it, then the list's others in order. */
function withDefaultFirst(defaultVoice: string, ids: readonly string[]): string[] {
  return [...new Set([defaultVoice, ...ids])];
}

/** A voice of an OpenAI-compatible server: in `language`, or ("mul") every language OpenAI lists. */
function compatibleVoice(id: string, name: string, language?: string): CatalogueVoice {
  return {
    id,
    name,
    language: language ?? 'mul',
    provider: 'openai',
    quality: 'neural',
    speaks: language
      ? [{ tag: language, priority: 0 }]
      : OPENAI_SPEECH_LANGUAGES.map((tag) => ({ tag, priority: 0 })),
    variant: false,
  };
}

/**
 * Kokoro's voice names carry their language in the first letter (its VOICES.md): a American and
 * b British English, e Spanish, f French, h Hindi, i Italian, j Japanese, p Brazilian Portuguese,
 * z Mandarin; the second letter is f or m. A name of another shape speaks what the server's model
 * speaks, listed as "mul".
 */
const KOKORO_LANGUAGES: Record<string, string> = {
  a: 'en-US',
  b: 'en-GB',
  e: 'es',
  f: 'fr',
  h: 'hi',
  i: 'it',
  j: 'ja',
  p: 'pt-BR',
  z: 'zh',
};

/**
 * The voices an OpenAI-compatible speech server lists at `GET /audio/voices` (Kokoro-FastAPI:
 * `{"voices": ["af_bella", …]}`, or `{"voices": [{"id", "name"}, …]}` since 0.3), the configured
 * default first. Undefined when the answer holds no voice list.
 */
export function serverCatalogue(defaultVoice: string, answer: unknown): CatalogueVoice[] | undefined {
  const listed = (answer as { voices?: unknown } | null)?.voices;
  if (!Array.isArray(listed)) return undefined;
  const ids = listed
    .map((v) => (typeof v === 'string' ? v : (v as { id?: unknown } | null)?.id))
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '');
  if (ids.length === 0) return undefined;
  return withDefaultFirst(defaultVoice, ids).map((id) =>
    compatibleVoice(id, id, /^[a-z][fm]_/.test(id) ? KOKORO_LANGUAGES[id[0]!] : undefined),
  );
}
