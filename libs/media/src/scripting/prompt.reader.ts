import { segmentSentences, tidyWhitespace, wordsOf } from '../common/text';
import { cutPieces, cutSeries } from './prompt.pieces';
import { type Cue, isStyleNote, metaTopic, stripSteering } from './prompt.steering';

/**
 * Reads a prompt into its ideas, in the order it mentions them. A sentence is cut where it may
 * be split into clauses (prompt.pieces.ts); a clause is a run of those pieces (prompt.clauses.ts),
 * and each clause becomes exactly one narration sentence (clause.narration.ts). Nothing here
 * invents words: a narration sentence is the prompt's own clause without its steering words, plus
 * at most a "It begins with" the prompt asked for.
 */

export interface PromptSentence {
  /** The sentence without steering words and final punctuation, cut at its clause boundaries. */
  pieces: string[];
  /** The text that stood between piece i and piece i + 1. */
  joiners: string[];
  cue: Cue;
  /** '.', '?' or '!' (or the CJK forms); a steered sentence always ends as a statement. */
  terminal: string;
  /** The request's own subject: "A short documentary about the history of the bicycle". */
  topic: boolean;
  /** The preposition that governed the topic in the request ("über", "о"), outside English. */
  preposition?: string;
  /** Primary subtag of the prompt's language. */
  language: string;
  /** A head and the series of ideas after its colon: each item is said as the prompt wrote it. */
  series?: boolean;
}

const LIST_MARKER = /^(?:[-*•–·]\s+|\d{1,3}[.)]\s+|[a-z][)]\s+)/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Languages whose nouns change with the preposition before them. */
export const CASED = new Set(['de', 'ru', 'el', 'uk', 'pl', 'cs', 'bg', 'sr', 'hr']);

export function readSentences(text: string, language: string): PromptSentence[] {
  const sentences: PromptSentence[] = [];
  const primary = language.split('-')[0]!.toLowerCase();
  for (const raw of segmentSentences(text, language)) {
    for (const sentence of parseSentence(raw, primary)) sentences.push(sentence);
  }
  return sentences;
}

function parseSentence(raw: string, language: string, afterHead = false): PromptSentence[] {
  let text = tidyWhitespace(raw).replace(LIST_MARKER, '');
  // Greek asks with ";" (or its own U+037E), which is no clause boundary at a sentence's end.
  const greekQuestion = /\p{Script=Greek}/u.test(text) ? '[;\u037e]' : '(?!)';
  const end = new RegExp(`([.!?…。！？:]+|${greekQuestion})["'”’)」』]*$`, 'u').exec(text);
  const marks = end?.[1] ?? '';
  if (end) text = text.slice(0, end.index).trim();
  const terminal = /[?？;\u037e]/u.exec(marks)?.[0] ?? /[!！]/u.exec(marks)?.[0] ?? statementEnd(text);
  if (text === '') return [];

  const meta = metaTopic(text);
  if (meta !== undefined) {
    const topic = meta.subject;
    if (topic === '') return [];
    // "A video about bees: start with the hive" is a topic and a sentence of its own.
    const [head, ...rest] = topic.split(/\s*[:;]\s+/);
    const cue: Cue = { steered: true, list: false };
    // Where the subject is inflected for its preposition ("о Москве"), the topic is said with it.
    const said = meta.preposition && CASED.has(language) ? `${meta.preposition} ${head}` : head!;
    const first: PromptSentence = {
      pieces: [said],
      joiners: [],
      cue,
      terminal: statementEnd(head!),
      topic: true,
      preposition: meta.preposition,
      language,
    };
    return [first, ...parseSentence(`${rest.join('; ')}${marks}`, language, true)];
  }
  if (isStyleNote(text)) return [];
  const { text: steered, cue } = stripSteering(text);
  // "Explain how a rainbow forms, for curious kids": who it is for is steering, not narration.
  const content = language === 'en' ? steered.replace(AUDIENCE, '') : steered;
  if (isStyleNote(content) || wordsOf(content).length === 0) return [];
  const series = cutSeries(content, language, afterHead);
  const { pieces, joiners } = series ?? cutPieces(content, cue.list);
  return [
    {
      pieces,
      joiners,
      series: series !== undefined,
      cue,
      terminal: cue.steered ? statementEnd(content) : terminal,
      topic: false,
      language,
    },
  ];
}

const AUDIENCE =
  /,?\s+(?:aimed\s+at|for)\s+(?:(?:curious|young|little|small|older|smart|busy|complete|total|absolute)\s+)?(?:kids|children|toddlers|beginners|students|teens|teenagers|adults|grown-ups|seniors|newcomers|novices|everyone|anyone|experts|a\s+general\s+audience|(?:a\s+)?(?:young|general|non-technical|technical)\s+audience)$/i;

/** How a sentence ends when it is said as a statement: '。' after CJK text, else '.'. */
export function statementEnd(text: string): string {
  return CJK.test(text) ? '。' : '.';
}
