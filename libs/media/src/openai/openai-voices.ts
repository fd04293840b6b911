import type { CatalogueVoice } from '../common/voices';

/**
 * The OpenAI speech voices. Each speaks every language the speech models support (the text's
 * own language is spoken), so each is listed once with the language "mul" and answers to every
 * language below (docs/decisions.md#voices). The configured default voice comes first, also
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
  const ids = [defaultVoice, ...OPENAI_VOICES.filter((v) => v !== defaultVoice)];
  return ids.map((id) => ({
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    language: 'mul',
    provider: 'openai' as const,
    quality: 'neural' as const,
    speaks: OPENAI_SPEECH_LANGUAGES.map((tag) => ({ tag, priority: 0 })),
    variant: false,
  }));
}
