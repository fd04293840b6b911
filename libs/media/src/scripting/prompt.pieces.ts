import { wordsOf } from '../common/text';
import { LIST_WORDS } from './steering.languages';

/**
 * Cutting a prompt's sentence into pieces where it may be split into clauses: a series of ideas
 * after a colon, a list of things to show, or whole clauses joined by "and", "then" or a
 * semicolon. Brackets and quotes are never cut.
 */

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
export function cutSeries(
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

export function cutPieces(text: string, list: boolean): { pieces: string[]; joiners: string[] } {
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
