import { renderClause } from './clause.narration';
import type { PromptSentence } from './prompt.reader';

/** The clauses of a prompt: its sentences whole, or split until there are as many as scenes. */

/** Pieces [from, to) of one sentence. */
export interface Clause {
  sentence: PromptSentence;
  from: number;
  to: number;
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
