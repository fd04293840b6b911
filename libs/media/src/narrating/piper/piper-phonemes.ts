import { runEspeak } from '../espeak-runtime';

/**
 * Text to Piper phoneme ids the way piper-phonemize does it: espeak-ng's IPA phonemes per
 * clause, each clause followed by its punctuation (",", ":", ";" and a space inside a sentence;
 * ".", "?", "!" at its end), one id sequence per sentence: BOS "^", then every phoneme's ids each
 * followed by the pad "_", then EOS "$". Phonemes are decomposed (NFD) before the lookup, as
 * Piper's voices were trained.
 */

export interface Clause {
  /** The clause's text without its closing punctuation. */
  text: string;
  /** The punctuation Piper puts after the clause's phonemes. */
  punctuation: '.' | '?' | '!' | ',' | ':' | ';';
  /** The clause ends a sentence. */
  sentenceEnd: boolean;
}

// Closing punctuation followed by optional closing quotes or brackets, then space or the end.
const CLAUSE_END = /([.?!;:,…]+)["'”’)\]]*(?=\s|$)/gu;

/** Splits text at the punctuation espeak-ng ends a clause at (followed by a space or the end). */
export function splitClauses(text: string): Clause[] {
  const clauses: Clause[] = [];
  let from = 0;
  const push = (body: string, marks: string) => {
    const trimmed = body.trim();
    if (trimmed === '') {
      // Punctuation alone closes the clause before it.
      const last = clauses.at(-1);
      if (last && marks) Object.assign(last, punctuationOf(marks));
      return;
    }
    clauses.push({ text: trimmed, ...punctuationOf(marks) });
  };
  for (const m of text.matchAll(CLAUSE_END)) {
    push(text.slice(from, m.index), m[1]!);
    from = m.index + m[0].length;
  }
  push(text.slice(from), '');
  return clauses;
}

function punctuationOf(marks: string): Pick<Clause, 'punctuation' | 'sentenceEnd'> {
  if (marks.includes('?')) return { punctuation: '?', sentenceEnd: true };
  if (marks.includes('!')) return { punctuation: '!', sentenceEnd: true };
  if (marks === '' || marks.includes('.') || marks.includes('…'))
    return { punctuation: '.', sentenceEnd: true };
  const mark = marks[0] as ',' | ':' | ';';
  return { punctuation: mark, sentenceEnd: false };
}

/**
 * espeak-ng's IPA for each clause, one run of its WASM build for all of them: the clauses go in
 * as paragraphs (a blank line between), which it ends a clause at and prints one line each for.
 * Language-switch marks such as "(fr)" are dropped, as Piper drops them.
 */
export async function phonemizeClauses(
  clauses: readonly Clause[],
  espeakVoice: string,
  signal?: AbortSignal,
  /** The narration's niceness: espeak-ng's run goes at it (espeak.main.ts). */
  niceness?: number,
): Promise<string[]> {
  const run = (text: string) =>
    runEspeak(['-q', '--ipa', '-v', espeakVoice, '-f', '/in.txt'], {
      files: { '/in.txt': text },
      signal,
      niceness,
    });
  const all = await run(clauses.map((c) => c.text).join('\n\n'));
  let lines = all.stdout;
  if (lines.length !== clauses.length) {
    // espeak-ng split a clause of its own accord (a very long one): one run per clause then.
    lines = [];
    for (const c of clauses) lines.push((await run(c.text)).stdout.join(' '));
  }
  return lines.map((l) =>
    l
      .replace(/\([a-z-]+\)/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

export interface PiperSentence {
  clauses: { clause: Clause; phonemes: string }[];
  /** The sentence's phoneme string with Piper's punctuation, NFD-decomposed. */
  phonemes: string;
}

/** Groups phonemized clauses into sentences, with Piper's punctuation between the clauses. */
export function sentences(clauses: readonly Clause[], phonemes: readonly string[]): PiperSentence[] {
  const out: PiperSentence[] = [];
  let current: PiperSentence | undefined;
  clauses.forEach((clause, i) => {
    current ??= { clauses: [], phonemes: '' };
    current.clauses.push({ clause, phonemes: phonemes[i] ?? '' });
    current.phonemes += (phonemes[i] ?? '') + clause.punctuation + (clause.sentenceEnd ? '' : ' ');
    if (clause.sentenceEnd) {
      current.phonemes = current.phonemes.normalize('NFD');
      out.push(current);
      current = undefined;
    }
  });
  if (current) out.push({ ...current, phonemes: current.phonemes.trim().normalize('NFD') });
  return out.filter((s) => s.clauses.some((c) => c.phonemes !== ''));
}

/** Piper's ids for a sentence's phonemes; phonemes the voice does not know are skipped. */
export function phonemeIds(phonemes: string, map: Readonly<Record<string, number[]>>): number[] {
  const pad = map._ ?? [0];
  const ids: number[] = [...(map['^'] ?? [1]), ...pad];
  for (const ch of phonemes) {
    const known = map[ch];
    if (!known) continue;
    ids.push(...known, ...pad);
  }
  ids.push(...(map.$ ?? [2]));
  return ids;
}

const STRESS = /[ˈˌ]/gu;
const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * How long each word of a clause is, relative to the others: its count of phonemes when espeak-ng
 * read the clause word for word (as many phoneme words as text words), else its letters.
 */
export function wordWeights(text: string, phonemes: string): { word: string; weight: number }[] {
  const words = text.split(/\s+/).filter((w) => WORDLIKE.test(w));
  const spoken = phonemes.split(' ').filter(Boolean);
  const byPhonemes = spoken.length === words.length;
  return words.map((word, i) => ({
    word,
    weight: Math.max(
      1,
      byPhonemes
        ? [...spoken[i]!.replace(STRESS, '')].length
        : [...word].filter((c) => WORDLIKE.test(c)).length,
    ),
  }));
}
