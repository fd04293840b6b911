import { splitSentences, tidyWhitespace, wordsOf } from '../common/text';
import { type PromptSentence, readSentences } from './prompt.reader';

/**
 * Reads the feedback of a regenerate: a length hint ("shorter", "more detail"), the things to
 * picture (keywords, for every scene's description) and the things to say — its steered clauses
 * ("Mention the queen and pollen" → "The queen and pollen."), kept only if they name something
 * the prompt does not already say. Critique ("the narration is boring") is never read out.
 */

export type Length = 'short' | 'normal' | 'long';

export interface Feedback {
  length: Length;
  /** Things to show, for the visual descriptions. */
  keywords: string[];
  /** Things to say, each used once like a prompt clause. */
  sentences: PromptSentence[];
  text: string;
}

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each even ever every few for from further ' +
    'get gets got had has have having he her here hers him his how i if in into is it its itself just let ' +
    'lets like made make makes making many may me might more most much must my no nor not now of off on ' +
    'once only or other our ours out over own per please quite rather really same she should so some such ' +
    'than that the their theirs them then there these they this those through to too under until up upon ' +
    'us very via was we were what when where which while who whom whose why will with within without would ' +
    'yet you your yours one two three four five six seven eight nine ten way ways thing things lot lots ' +
    'use used using show shows showing shown explain explains explaining create include includes including ' +
    'want wants need needs keep feature features featuring describe describes end ends start starts begin ' +
    'video videos clip clips scene scenes explainer film movie story documentary presentation tutorial ' +
    'short quick brief long simple fun funny engaging new called named viewer viewers audience second seconds minute minutes'
  ).split(' '),
);

/** Words that steer the rewrite rather than name something to show. */
const FEEDBACK_STOPWORDS = new Set(
  (
    'shorter longer detail details detailed less fewer text words word narration narrations description ' +
    'descriptions visual visuals image images picture pictures add adds added emphasis emphasise emphasize ' +
    'focus focused mention mentions mentioned better worse good bad great nice change changes changed ' +
    'rewrite redo again instead tone style concise tighter trim expand elaborate depth richer info ' +
    'information sentence sentences script line lines try version talk talks talking say says speak ' +
    'discuss discusses cover covers highlight highlights prefer remove drop stuff part parts bit boring'
  ).split(' '),
);

export function readFeedback(raw: string, prompt: string, language: string): Feedback {
  const text = tidyWhitespace(raw);
  const shorter =
    /\b(shorter|brief(?:er)?|concise|less (?:text|detail|words)|fewer words|too long|tighter|trim(?:med)?|simpler)\b/i.test(
      text,
    );
  const longer =
    /\b(longer|more detail(?:ed)?|detailed|more depth|in depth|in-depth|elaborate|expand|too short|richer|more (?:words|text|information|info|content))\b/i.test(
      text,
    );
  const length: Length = shorter && !longer ? 'short' : longer && !shorter ? 'long' : 'normal';
  const known = new Set(wordsOf(prompt).map((w) => w.toLowerCase()));
  // Each comma-separated part of the feedback is judged on its own: "too long, and mention Dunlop".
  const parts = text === '' ? [] : readSentences(text.replace(/,\s+(?:and\s+|but\s+)?/g, '.\n'), language);
  const sentences = parts.filter((s) => {
    const words = wordsOf(s.pieces.join(' ')).map((w) => w.toLowerCase());
    const fresh = words.filter(
      (w) => w.length >= 3 && !STOPWORDS.has(w) && !FEEDBACK_STOPWORDS.has(w) && !known.has(w),
    );
    return fresh.length > 0 && (s.cue.steered || words.length <= 3);
  });
  return { length, keywords: keywordsOf(text, 4, FEEDBACK_STOPWORDS), sentences, text };
}

/**
 * Ranked keywords: names first ("the Roman Empire", "Zoom"), then the most frequent ordinary
 * words. A word first written after "the" keeps it, so it reads naturally inside a sentence.
 */
export function keywordsOf(text: string, limit: number, extraStopwords?: Set<string>): string[] {
  const entries = new Map<string, { form: string; count: number; first: number; name: boolean }>();
  const add = (key: string, form: string, position: number, name: boolean) => {
    const entry = entries.get(key);
    if (entry) entry.count++;
    else entries.set(key, { form, count: 1, first: position, name });
  };
  const namedWords = new Set<string>();
  let position = 0;
  for (const sentence of splitSentences(text)) {
    const words = wordsOf(sentence);
    for (let j = 0; j < words.length; j++, position++) {
      const word = words[j]!.replace(/['’]s$/, '');
      const lower = word.toLowerCase();
      const article = j > 0 && words[j - 1]!.toLowerCase() === 'the' ? 'the ' : '';
      if (isCapitalized(word) && !STOPWORDS.has(lower) && (j > 0 || isCapitalized(words[j + 1] ?? ''))) {
        const run = [word];
        while (
          j + 1 < words.length &&
          isCapitalized(words[j + 1]!) &&
          !STOPWORDS.has(words[j + 1]!.toLowerCase())
        ) {
          run.push(words[++j]!.replace(/['’]s$/, ''));
          position++;
        }
        for (const w of run) namedWords.add(w.toLowerCase());
        if (!extraStopwords?.has(lower))
          add(run.join(' ').toLowerCase(), article + run.join(' '), position, true);
        continue;
      }
      if (lower.length < 3 || STOPWORDS.has(lower) || extraStopwords?.has(lower) || /\d/.test(lower))
        continue;
      add(lower, article + (word === word.toUpperCase() && word.length > 1 ? word : lower), position, false);
    }
  }
  return [...entries.entries()]
    .filter(([key, e]) => e.name || !namedWords.has(key))
    .map(([, e]) => e)
    .sort((a, b) => Number(b.name) - Number(a.name) || b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map((e) => e.form);
}

function isCapitalized(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

/** Content words, lower-case: what two clauses must share to be about the same thing. */
export function contentWords(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .map((w) => w.toLowerCase())
      .filter((w) => w.length >= 3 && !STOPWORDS.has(w)),
  );
}
