import type { SceneDraft } from '../common/media.types';
import { MAX_DESCRIPTION_CHARS, MAX_NARRATION_CHARS } from '../common/scene-limits';
import {
  capitalizeFirst,
  cutAtWord,
  endsWithPunctuation,
  segmentSentences,
  splitSentences,
  tidyWhitespace,
} from '../common/text';

// A sentence boundary is only worth cutting at if it keeps most of the text.
const MIN_SENTENCE_CUT_RATIO = 0.5;

/**
 * Pure rules applied to every script before the review gate, whoever wrote it (the planner,
 * a language model, or a person editing scenes). Idempotent: refining twice changes nothing.
 */
export function refineScenes(scenes: SceneDraft[], opts: RefineOptions = {}): SceneDraft[] {
  return scenes.map((scene, i) => refineScene(scene, i, opts));
}

export interface RefineOptions {
  /** The longest narration kept whole; a client's own scenes may be longer than a planner's. */
  maxNarrationChars?: number;
}

export function refineScene(scene: SceneDraft, index = 0, opts: RefineOptions = {}): SceneDraft {
  const max = opts.maxNarrationChars ?? MAX_NARRATION_CHARS;
  let narration = refineNarration(scene.narration ?? '', max);
  let description = refineDescription(scene.visual_description ?? '');
  // Never hand an empty field to the image or speech stage; borrow from the other field.
  if (description === '') description = refineDescription(narration) || `Scene ${index + 1}`;
  if (narration === '') narration = refineNarration(`${description}.`, max);
  return {
    visual_description: description,
    narration,
    ...(scene.image_asset_id && { image_asset_id: scene.image_asset_id }),
    ...(scene.audio_asset_id && { audio_asset_id: scene.audio_asset_id }),
    ...(scene.search_terms?.trim() && { search_terms: scene.search_terms.trim() }),
  };
}

export function refineNarration(raw: string, max = MAX_NARRATION_CHARS): string {
  let text = sentenceCase(splitSentences(stripMarkup(raw)).join(' '));
  if (text === '') return '';
  // Text without a closing full stop needs room for the one added below.
  if (text.length > (endsWithPunctuation(text) ? max : max - 1)) text = cutNarration(text, max);
  if (!endsWithPunctuation(text)) text = `${text.replace(/[\s,;:–—-]+$/u, '')}.`;
  return text;
}

function cutNarration(text: string, max: number): string {
  // Room for the full stop a word-boundary cut needs.
  const limit = max - 1;
  const head = text.slice(0, max);
  const sentenceEnd = Math.max(...['. ', '! ', '? ', '… '].map((p) => `${head} `.lastIndexOf(p)));
  if (sentenceEnd >= max * MIN_SENTENCE_CUT_RATIO) return text.slice(0, sentenceEnd + 1).trim();
  return cutAtWord(text, limit);
}

export function refineDescription(raw: string): string {
  let text = tidyWhitespace(
    stripMarkup(raw)
      .replace(/\([^()]*\)/g, ' ')
      .replace(/\[[^[\]]*\]/g, ' '),
  );
  // One clause: the first sentence, up to the first semicolon, colon or dash, and without the
  // trailing subordinate clause ("…, which…", "…, while…") where nested detail hides.
  // The segmenter keeps "Dr. Ada Lovelace" and "e.g. Paris" whole, where a full stop is no end.
  text = segmentSentences(text)[0] ?? '';
  text = text.split(/\s*[;:]\s+|\s+[–—-]\s+|\s*[–—]\s*/u)[0]!;
  text = text.split(
    /,\s+(?:which|who|whose|where|while|whereas|although|though|because|as well as|so that)\b/i,
  )[0]!;
  text = text.replace(/["“”]/g, '');
  if (text.length > MAX_DESCRIPTION_CHARS) {
    const lastComma = text.slice(0, MAX_DESCRIPTION_CHARS).lastIndexOf(',');
    text = lastComma >= 60 ? text.slice(0, lastComma) : cutAtWord(text, MAX_DESCRIPTION_CHARS);
  }
  // A cut can leave "…with the"; drop dangling little words until the clause ends on content.
  let previous: string;
  do {
    previous = text;
    text = text
      .replace(/[\s.,;:!?…–—-]+$/u, '')
      .replace(/\s+(?:and|or|but|with|of|in|on|at|the|a|an|to|for|by|from|into|as)$/i, '');
  } while (text !== previous);
  return capitalizeFirst(text.trim());
}

// Single letters are initials or parts of an abbreviation ("z. B. das", "J. R. R. Tolkien").
const ABBREVIATIONS = /(?:^|\s)(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|ca|\p{L})\.$/iu;

/** Upper-cases the first letter of every sentence, leaving "e.g. the", "z. B. das" and "3.5 m" alone. */
function sentenceCase(text: string): string {
  return capitalizeFirst(text).replace(
    /([.!?…]["'”’)]?\s+)(\p{Ll})/gu,
    (match, gap: string, letter: string, offset: number) =>
      ABBREVIATIONS.test(text.slice(0, offset + 1)) ? match : gap + letter.toLocaleUpperCase('en'),
  );
}

/** Models like to answer in Markdown; speech engines read the asterisks aloud. */
function stripMarkup(text: string): string {
  return text
    .replace(/[*_`#>~]+/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\p{Cc}/gu, ' ');
}
