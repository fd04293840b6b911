import { capitalizeFirst, cutAtWord, wordsOf } from '../common/text';
import type { Clause } from './prompt.clauses';
import { CASED, type PromptSentence, statementEnd } from './prompt.reader';
import { LEADING_CONJUNCTION, stripSteering } from './prompt.steering';
import { isNounPhrase } from './scene.subject';
import { LIST_WORDS } from './steering.languages';

/**
 * A clause said as one narration sentence: the prompt's words without their steering, with the
 * lead the prompt asked for ("It begins with"), a topic said as a sentence ("This video is
 * about…"), a capital first letter, the right end mark, and never longer than MAX_SENTENCE_CHARS.
 */

export interface RenderedClause {
  narration: string;
  /** The clause without steering or lead, for finding the scene's subject. */
  core: string;
  /** "It begins with", when the narration opens with it. */
  lead?: string;
}

/** One narration sentence never takes more than this; the refiner allows 400 per scene. */
export const MAX_SENTENCE_CHARS = 370;

// "Explain tides": a steering word followed by one word names a thing to show.
const ONE_WORD = /^[\p{L}\p{N}][\p{L}\p{N}'-]*$/u;

function isEnglish(language: string): boolean {
  return /^en\b/i.test(language);
}

function primaryLanguage(language: string): string {
  return language.split('-')[0]!.toLowerCase();
}

/**
 * How a video's subject is said as a sentence. In languages with cases the subject keeps the
 * preposition the prompt inflected it for ("о Москве"), so the lead ends where that preposition
 * fits; French and Italian, whose prepositions merge with the article, keep the prompt's words.
 */
const TOPIC_LEADS: Record<string, string> = {
  en: 'This video is about',
  de: 'Dieses Video berichtet',
  es: 'Este video trata sobre',
  pt: 'Este vídeo fala sobre',
  ru: 'Это видео',
  el: 'Αυτό το βίντεο είναι',
};

/** The narration sentence for a clause: the prompt's words, tidied into a full sentence. */
/** `lead`: false drops the clause's lead, a string says it in other words ("Then comes" for "Next comes"). */
export function renderClause(clause: Clause, lead: boolean | string = true): RenderedClause {
  const { sentence, from, to } = clause;
  let cue = sentence.cue;
  let text = '';
  for (let i = from; i < to; i++) {
    const piece = sentence.pieces[i]!.trim();
    if (i === from && from > 0 && sentence.series) {
      // An item of a series is said as written ("Then warm the pot"), without its "and".
      text = piece.replace(/^(?:and|or|&)\s+/i, '');
      if (LIST_WORDS[sentence.language])
        text = text.replace(new RegExp(`^${LIST_WORDS[sentence.language]!.and}\\s+`, 'iu'), '');
      // A short noun phrase ("Mercury") is shown ("Here we see Mercury."); a clause is said as it is.
      const shown = isEnglish(sentence.language) && wordsOf(text).length <= 4;
      cue = { steered: false, list: false, nounLead: shown ? 'Here we see' : undefined };
    } else if (i === from && from > 0) {
      const stripped = stripSteering(piece.replace(LEADING_CONJUNCTION, ''));
      text = stripped.text;
      // An item split off a list of things to show is shown like the first ("We also see the
      // flowers."), not left a bare noun phrase.
      const listed = sentence.cue.list && !stripped.cue.lead ? sentence.cue.nounLead : undefined;
      cue = { ...stripped.cue, nounLead: stripped.cue.nounLead ?? listed };
    } else if (i === from) {
      text = piece;
    } else {
      // Inside a sentence the joining word stays, the steering goes: "…, and end with X" → "…, and X";
      // an inline list number goes too: "…: 1. keep a schedule 2. avoid screens" → "…: keep a
      // schedule, avoid screens".
      const number = /^\d{1,2}[.)]\s+/.exec(piece)?.[0] ?? '';
      const joiner = number && sentence.joiners[i - 1]!.trim() === '' ? ', ' : sentence.joiners[i - 1]!;
      const conjunction = /^(?:and|or|then|and then)\s+/i.exec(piece.slice(number.length))?.[0] ?? '';
      const rest = stripSteering(piece.slice(number.length + conjunction.length)).text;
      text += `${joiner}${conjunction}${rest}`;
    }
  }
  // Part of a list of things is a list again: "the hive, the flowers" → "the hive and the flowers".
  if (sentence.cue.list && to - from >= 2 && to - from < sentence.pieces.length)
    text = relist(sentence, from, to) ?? text;
  const core = trimEnd(text);
  // "A documentary about the history of the bicycle" says what the video is about, in a sentence.
  const topicLead =
    sentence.topic && from === 0 ? TOPIC_LEADS[primaryLanguage(sentence.language)] : undefined;
  if (topicLead) {
    const body = clampSentence(
      `${topicLead} ${CASED.has(primaryLanguage(sentence.language)) ? core : lowerArticle(core)}`,
    );
    return { narration: `${body}${statementEnd(core)}`, core };
  }
  // Outside English a noun lead comes only with a steering word that is followed by a noun phrase.
  const nounLead =
    cue.nounLead &&
    (!isEnglish(sentence.language) || isNounPhrase(core) || ONE_WORD.test(core)) &&
    !startsWithPreposition(core)
      ? cue.nounLead
      : undefined;
  const own = !startsWithPreposition(core) ? (cue.lead ?? nounLead) : undefined;
  const said = own && lead !== false ? (typeof lead === 'string' ? lead : own) : undefined;
  const body = clampSentence(said ? `${said} ${lowerArticle(core)}` : core);
  // A question's first clauses stay questions only if they are asked as one ("Why did it fail?").
  const terminal =
    to === sentence.pieces.length || (/[?？]/u.test(sentence.terminal) && QUESTION_START.test(core))
      ? sentence.terminal
      : statementEnd(core);
  return { narration: `${upperFirst(body)}${terminal}`, core, lead: own };
}

function relist(sentence: PromptSentence, from: number, to: number): string | undefined {
  const joiners = sentence.joiners.slice(from, to - 1);
  const pieces = sentence.pieces.slice(from, to).map((p) => p.trim());
  if (joiners.some((j) => !/^(?:,\s+|\s+)$/.test(j)) || pieces.slice(1).some((p) => /^then\b/i.test(p)))
    return;
  const or = pieces.some((p) => /^or\s/i.test(p));
  const items = pieces.map((p, i) =>
    i === 0 && from === 0 ? p : stripSteering(p.replace(LEADING_CONJUNCTION, '')).text,
  );
  const words = LIST_WORDS[sentence.language];
  // Without the language's own "and", the items stay a plain list rather than take an English word.
  if (!words) return items.join(', ');
  return `${items.slice(0, -1).join(', ')} ${or ? words.or : words.and} ${items.at(-1)}`;
}

const QUESTION_START =
  /^(?:how|why|what|when|where|who|which|did|does|do|is|are|was|were|can|could|will|would|should)\b/i;

function trimEnd(text: string): string {
  return text.replace(/[\s,;:–—\-、，；]+$/u, '');
}

const PREPOSITIONS =
  /^(?:about|above|across|after|against|along|among|around|at|before|behind|below|beneath|beside|between|beyond|by|during|for|from|in|inside|into|near|of|off|on|onto|over|since|through|to|toward|towards|under|until|upon|with|within|without)\b/i;

export function startsWithPreposition(text: string): boolean {
  return PREPOSITIONS.test(text);
}

/** "The draisine" mid-sentence reads "the draisine"; names keep their capital. */
export function lowerArticle(text: string): string {
  return text.replace(/^(The|A|An|This|These|Those|Its|Their|His|Her|Our|How|Why|What|When|Where)\b/, (w) =>
    w.toLowerCase(),
  );
}

/** Capitalises a sentence's first letter, except a word cased on purpose ("iPhone", "eBay"). */
export function upperFirst(text: string): string {
  return /^\p{Ll}+\p{Lu}/u.test(text) ? text : capitalizeFirst(text);
}

/** Cuts an over-long sentence at its last clause boundary, else a word, never after "the". */
function clampSentence(text: string): string {
  if (text.length <= MAX_SENTENCE_CHARS) return text;
  const head = text.slice(0, MAX_SENTENCE_CHARS);
  const comma = head.search(/[,;:][^,;:]*$/);
  let cut = comma >= MAX_SENTENCE_CHARS * 0.6 ? head.slice(0, comma) : cutAtWord(text, MAX_SENTENCE_CHARS);
  let previous: string;
  do {
    previous = cut;
    cut = trimEnd(cut).replace(
      /\s+(?:and|or|but|with|of|in|on|at|the|a|an|to|for|by|from|into|as|that|which)$/i,
      '',
    );
  } while (cut !== previous);
  return cut;
}
