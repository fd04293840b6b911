import { capitalizeFirst, cutAtWord, segmentSentences, tidyWhitespace, wordsOf } from '../common/text';
import { type Cue, isStyleNote, LEADING_CONJUNCTION, metaTopic, stripSteering } from './prompt.steering';
import { isNounPhrase } from './scene.subject';
import { LIST_WORDS } from './steering.languages';

/**
 * Reads a prompt into its ideas, in the order it mentions them. A sentence is cut where it may
 * be split into clauses; a clause is a run of those pieces, and each clause becomes exactly one
 * narration sentence. Nothing here invents words: a narration sentence is the prompt's own
 * clause without its steering words, plus at most a "It begins with" the prompt asked for.
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

/** Pieces [from, to) of one sentence. */
export interface Clause {
  sentence: PromptSentence;
  from: number;
  to: number;
}

export interface RenderedClause {
  narration: string;
  /** The clause without steering or lead, for finding the scene's subject. */
  core: string;
  /** "It begins with", when the narration opens with it. */
  lead?: string;
}

/** One narration sentence never takes more than this; the refiner allows 400 per scene. */
export const MAX_SENTENCE_CHARS = 370;

const LIST_MARKER = /^(?:[-*•–·]\s+|\d{1,3}[.)]\s+|[a-z][)]\s+)/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

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

/** Languages whose nouns change with the preposition before them. */
export const CASED = new Set(['de', 'ru', 'el', 'uk', 'pl', 'cs', 'bg', 'sr', 'hr']);

function statementEnd(text: string): string {
  return CJK.test(text) ? '。' : '.';
}

// Candidate clause boundaries; `acceptBoundary` decides which of them really are.
const BOUNDARY = /[;:]\s+|,\s+|\s+(?=(?:and|or|then)\s)|\s+(?=\d{1,2}[.)]\s)|、|，|；/gu;
const NOT_A_NEW_ITEM = /^(?:e\.g\.|i\.e\.|for example|such as|like|including|especially|even|etc\b)/i;

/**
 * "Five facts about octopuses: they have three hearts, blue blood, and they can taste with their
 * arms": after a colon, a series of three or more items (or two joined by the language's "and")
 * is a list of ideas, each its own piece. In English an item with no subject of its own takes
 * the "they have" of the item before it ("they have blue blood"), and the first item's "they"
 * is the plural the head is about ("octopuses have three hearts"): both are the prompt's words.
 */
function cutSeries(
  text: string,
  language: string,
  afterHead: boolean,
): { pieces: string[]; joiners: string[] } | undefined {
  // After "A guide to composting:" (a topic of its own) the whole sentence is the series.
  const colon = afterHead ? undefined : /:\s+/u.exec(text);
  if (!afterHead && (!colon || insideBrackets(text.slice(0, colon.index)))) return;
  const head = colon ? text.slice(0, colon.index).trim() : '';
  const tail = colon ? text.slice(colon.index + colon[0].length) : text;
  if ((colon && wordsOf(head).length === 0) || /[;；:]/u.test(tail)) return;
  const and = LIST_WORDS[language]?.and ?? 'and';
  const andWords = new Set([and, ...(language === 'en' ? ['and'] : [])]);
  const items: string[] = [];
  const joiners: string[] = [];
  let last = 0;
  let joined = false;
  for (const match of tail.matchAll(/,\s+/gu)) {
    if (insideBrackets(tail.slice(0, match.index))) continue;
    const after = tail.slice(match.index + match[0].length);
    if (NOT_A_NEW_ITEM.test(after)) continue;
    items.push(tail.slice(last, match.index));
    const conjunction = new RegExp(`^(?:${[...andWords].join('|')})\\s+`, 'iu').exec(after)?.[0] ?? '';
    if (conjunction) joined = true;
    joiners.push(`${match[0]}${conjunction}`);
    last = match.index + match[0].length + conjunction.length;
  }
  let final = tail.slice(last);
  // "…, Spain and Egypt": the last item is joined by "and" without a comma.
  if (!joined) {
    const bare = new RegExp(
      `\\s+(${[...andWords].join('|')})\\s+(?!.*\\s(?:${[...andWords].join('|')})\\s)`,
      'iu',
    ).exec(final);
    if (
      bare &&
      wordsOf(final.slice(0, bare.index)).length > 0 &&
      !insideBrackets(final.slice(0, bare.index))
    ) {
      items.push(final.slice(0, bare.index));
      joiners.push(bare[0].replace(/^\s+/, ' '));
      final = final.slice(bare.index + bare[0].length);
      joined = true;
    }
  }
  items.push(final);
  if (items.some((item) => wordsOf(item).length === 0)) return;
  if (items.length < 2 || (items.length === 2 && !joined)) return;
  if (language === 'en') resolveEllipsis(head, items);
  return colon ? { pieces: [head, ...items], joiners: [colon[0], ...joiners] } : { pieces: items, joiners };
}

const SUBJECT_VERB =
  /^((?:they|we|you|it|he|she)\s+(?:have|has|had|are|is|were|was|can|could|use|get|need|eat|make|like|love)\s+)/i;
const SUBJECT_PRONOUN =
  /^(?:they|we|you|it|he|she|i|there|this|that|these|those|some|many|most|each|every|one|all)\b/i;

const DETERMINER_START =
  /^(?:the|a|an|its|his|her|their|our|this|these|those|thus|perhaps|as|is|was|has|does)\b/i;

function resolveEllipsis(head: string, items: string[]): void {
  for (let i = 1; i < items.length; i++) {
    const shared = SUBJECT_VERB.exec(items[i - 1]!.trim())?.[1];
    const item = items[i]!.trim();
    if (
      shared &&
      wordsOf(item).length <= 3 &&
      !SUBJECT_PRONOUN.test(item) &&
      !/^(?:then|and|or)\b/i.test(item)
    )
      items[i] = `${shared.toLowerCase()}${item}`;
    // "It starts as an egg, hatches as a caterpillar" → "it hatches as a caterpillar".
    const singular = /^(it|he|she)\s/i.exec(items[i - 1]!.trim())?.[1];
    if (singular && /^\p{Ll}+s\s/u.test(item) && !SUBJECT_PRONOUN.test(item) && !DETERMINER_START.test(item))
      items[i] = `${singular.toLowerCase()} ${item}`;
  }
  // "Facts about octopuses: they have…" → "Octopuses have…".
  const plural = /\b(?:about|of|on)\s+(?:the\s+)?(\p{L}+s)$/iu.exec(head)?.[1];
  if (plural && /^they\s/i.test(items[0]!.trim()))
    items[0] = items[0]!.trim().replace(/^they(?=\s)/i, plural.toLowerCase());
}

function cutPieces(text: string, list: boolean): { pieces: string[]; joiners: string[] } {
  const cut = cutAt(text, list);
  // A list names its last item with "and" or "or"; without one, "the draisine of 1817, a wooden
  // running machine" is one thing described twice, which stays one clause.
  if (list && !cut.pieces.slice(1).some((p) => /^(?:and|or)\s/i.test(p.trim()))) return cutAt(text, false);
  return cut;
}

function cutAt(text: string, list: boolean): { pieces: string[]; joiners: string[] } {
  const pieces: string[] = [];
  const joiners: string[] = [];
  let last = 0;
  // "Show the hive, the flowers; next, the fjord": the list of things to show ends at the first
  // ";" or ":", after which a comma is prose again ("next, the fjord" is no two items).
  let inList = list;
  for (const match of text.matchAll(BOUNDARY)) {
    const at = match.index;
    const before = text.slice(last, at);
    const after = text.slice(at + match[0].length);
    if (insideBrackets(text.slice(0, at)) || !acceptBoundary(match[0], before, after, inList)) continue;
    pieces.push(before);
    joiners.push(match[0]);
    last = at + match[0].length;
    if (/^[;:；]/u.test(match[0].trim())) inList = false;
  }
  pieces.push(text.slice(last));
  return { pieces, joiners };
}

function acceptBoundary(separator: string, before: string, after: string, list: boolean): boolean {
  if (wordsOf(before).length === 0 || wordsOf(after).length === 0) return false;
  const [next = '', second = ''] = wordsOf(after).map((w) => w.toLowerCase());
  if (/^[;:；]/u.test(separator.trim())) return true;
  // "…, then the velocipede", "… and then the sun came out" (the cut goes before "and").
  if (next === 'then') return !/\band$/i.test(before.trim());
  if (next === 'and' && second === 'then') return true;
  // "1. keep a schedule 2. avoid screens": an inline numbered list.
  if (/^\d{1,2}[.)]\s/.test(after) && separator.trim() === '') return true;
  if (/^[、，]$/u.test(separator)) return true;
  if (separator.trim() === '') return list && (next === 'and' || next === 'or');
  // A comma: a list of things to show splits at every item; prose only between whole clauses
  // ("…, and the western half fell in 476"), never inside a list ("Gaul, Spain and Egypt").
  if (NOT_A_NEW_ITEM.test(after)) return false;
  if (list) return true;
  const clause = after.split(/[,;:]/)[0]!;
  return (
    ['and', 'but', 'so', 'yet'].includes(next) && wordsOf(before).length >= 3 && wordsOf(clause).length >= 4
  );
}

function insideBrackets(text: string): boolean {
  const open = (text.match(/[([{“«「]/gu) ?? []).length - (text.match(/[)\]}”»」]/gu) ?? []).length;
  const quotes = (text.match(/"/g) ?? []).length;
  return open > 0 || quotes % 2 === 1;
}

/** One clause per sentence, with repeated sentences kept once. */
export function wholeClauses(sentences: PromptSentence[]): Clause[] {
  const seen = new Set<string>();
  const clauses: Clause[] = [];
  for (const sentence of sentences) {
    const clause = { sentence, from: 0, to: sentence.pieces.length };
    const key = renderClause(clause).narration.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    clauses.push(clause);
  }
  return clauses;
}

/**
 * Splits clauses until there are `target` of them or none can be split: always the clause with
 * the most pieces (then the longest), at its strongest boundary (";" or ":", then "then", then a
 * comma) and among those the one nearest its middle, so parts stay even.
 */
export function splitClauses(clauses: Clause[], target: number): Clause[] {
  const result = [...clauses];
  while (result.length < target) {
    let best = -1;
    for (let i = 0; i < result.length; i++) {
      const c = result[i]!;
      if (c.to - c.from < 2) continue;
      const b = best < 0 ? undefined : result[best]!;
      if (!b || c.to - c.from > b.to - b.from) best = i;
      else if (c.to - c.from === b.to - b.from && textOf(c).length > textOf(b).length) best = i;
    }
    if (best < 0) break;
    const c = result[best]!;
    let cut = c.from + 1;
    const score = (k: number) => boundaryRank(c.sentence, k) * 100 - Math.abs(k - (c.from + c.to) / 2);
    for (let k = c.from + 2; k < c.to; k++) if (score(k) >= score(cut)) cut = k;
    result.splice(best, 1, { ...c, to: cut }, { ...c, from: cut });
  }
  return result;
}

/** How strongly the sentence breaks before piece `k`. */
function boundaryRank(sentence: PromptSentence, k: number): number {
  // A series' head is its opening scene only when every item has a scene of its own.
  if (sentence.series) return k === 1 ? 0 : 1;
  if (/^[;:；]$/u.test(sentence.joiners[k - 1]!.trim())) return 3;
  return /^(?:and\s+)?then\b/i.test(sentence.pieces[k]!.trim()) ? 2 : 1;
}

function textOf(c: Clause): string {
  return c.sentence.pieces.slice(c.from, c.to).join(' ');
}

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
