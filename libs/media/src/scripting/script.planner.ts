import type { SceneDraft, ScriptInput } from '../common/media.types';
import {
  capitalizeFirst,
  cutAtWord,
  endsWithPunctuation,
  hash32,
  pick,
  splitSentences,
  tidyWhitespace,
  wordsOf,
} from '../common/text';

/**
 * The offline script writer. It cannot understand a prompt, so it builds a plausible arc
 * (opening, body, closing) out of what the prompt offers: its declarative sentences become
 * narration, the things it asks to be shown become subjects, its keywords fill the rest.
 * Every choice is a hash of the input, never a random number, so a retried activity writes
 * the same script it wrote the first time.
 */

export const MAX_PLANNED_SCENES = 50;

type Length = 'short' | 'normal' | 'long';

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
    'discuss discusses cover covers highlight highlights prefer remove drop stuff part parts bit'
  ).split(' '),
);

const IMPERATIVE_VERBS = new Set(
  (
    'show include add use make create explain describe highlight feature focus mention keep end start ' +
    'begin open close finish display present introduce cover illustrate depict emphasise emphasize tell ' +
    'give let avoid put'
  ).split(' '),
);

// Leading words that describe the requested video rather than its subject.
const META_PREFIX =
  /^(?:please\s+)?(?:(?:make|create|generate|produce|write|build|do|give)\s+(?:me\s+|us\s+)?)?(?:an?\s+|the\s+)?(?:(?:short|quick|brief|long|simple|fun|funny|engaging|educational|\d+[- ]?(?:second|minute|scene)s?)[\s,]+)*(?:(?:video|explainer|clip|film|movie|story|documentary|presentation|tutorial|ad|advert|commercial|reel|overview|introduction|intro|guide)\s+)?(?:(?:about|on|of|for|explaining|showing|describing|covering|introducing|that\s+explains|that\s+shows)\s+)?/i;

const VIDEO_WORD =
  /\b(video|explainer|clip|film|movie|documentary|presentation|tutorial|ad|advert|commercial|reel|overview|introduction|intro|guide)\b/i;

const MAX_TOPIC_CHARS = 80;
const MAX_NARRATION_SENTENCE_CHARS = 200;
const NARRATION_BUDGET = 380;

const OPENINGS = [
  'This is a story about {topic}.',
  "Let's explore {topic}.",
  'Today we take a closer look at {topic}.',
  'Here is a short journey through {topic}.',
  'Welcome to a look at {topic}.',
];
// Templates avoid verbs that agree with their subject: "{subject}" may be singular or plural.
const MIDDLES = [
  'Our focus now turns to {subject}.',
  'Next, consider {subject}.',
  'Now we come to {subject}.',
  'Look closely at {subject}.',
  'Attention shifts to {subject}.',
  'The next part of the story belongs to {subject}.',
];
const CLOSINGS = [
  'That brings our look at {topic} to a close.',
  'And so the picture of {topic} is complete.',
  'That is {topic}, seen from start to finish.',
  'Together, these moments tell the story of {topic}.',
];
const PAIR_DETAILS = [
  'Notice the link between {a} and {b}.',
  'Here, {a} and {b} come together.',
  'Keep {b} in mind as we turn to {a}.',
];
const DETAILS = [
  'Every detail of {a} tells part of the story.',
  'Take a moment to notice {a}.',
  'It would be easy to overlook {a} here.',
  'There is more to {a} than meets the eye.',
];
const FEEDBACK_DETAILS = [
  'This time, we pay close attention to {f}.',
  'Keep an eye on {f} here.',
  'Here, {f} comes to the fore.',
  'Notice the role {f} plays in this moment.',
];
const EXTRA_DETAILS = [
  'Small changes here ripple through everything that follows.',
  'Each part depends on the ones around it.',
  'It is a detail worth remembering for later.',
  'This is where the pieces start to fit together.',
  'Seen up close, it is more intricate than it first appears.',
];

const SHOTS = [
  'Wide establishing shot of',
  'Close-up of',
  'Overhead view of',
  'Slow pan across',
  'Detailed view of',
  'Medium shot of',
  'Low-angle view of',
  'Soft-focus shot of',
];
const LIGHTS = [
  'in warm golden light',
  'under a clear blue sky',
  'in soft morning light',
  'against a dark backdrop',
  'in bright natural light',
  'in cool evening light',
  'in gentle diffused light',
];
const LONG_EXTRAS = [
  'with rich background detail',
  'with gentle depth of field',
  'with vivid colours and texture',
  'with layered foreground detail',
];

interface PromptAnalysis {
  topic: string;
  narrationSentences: string[];
  subjects: string[];
  keywords: string[];
}

interface FeedbackAnalysis {
  length: Length;
  keywords: string[];
  text: string;
}

export function planScript(input: ScriptInput): SceneDraft[] {
  const count = input.sceneCount;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLANNED_SCENES) {
    throw new RangeError(`sceneCount must be an integer between 1 and ${MAX_PLANNED_SCENES}`);
  }
  const prompt = analysePrompt(input.prompt ?? '');
  const feedback = analyseFeedback(input.feedback ?? '');
  const previous = input.previous ?? [];

  // A regenerate asks for a different take even when the feedback is empty, so a script that
  // would repeat the previous one word for word is re-drawn with the next variant.
  let scenes: SceneDraft[] = [];
  for (let variant = 0; variant < 8; variant++) {
    scenes = buildScenes(prompt, feedback, count, variant, input.prompt ?? '');
    if (!sameScript(scenes, previous)) break;
  }
  return scenes;
}

function buildScenes(
  prompt: PromptAnalysis,
  feedback: FeedbackAnalysis,
  count: number,
  variant: number,
  rawPrompt: string,
): SceneDraft[] {
  const salt = `${rawPrompt}\u0000${feedback.text}\u0000${variant}`;
  const assigned = assignSentences(prompt.narrationSentences, count);
  const sentenceBudget = feedback.length === 'short' ? 1 : feedback.length === 'long' ? 3 : 2;
  const scenes: SceneDraft[] = [];

  for (let i = 0; i < count; i++) {
    const role = count === 1 ? 'only' : i === 0 ? 'opening' : i === count - 1 ? 'closing' : 'middle';
    const key = `${salt}\u0000${i}`;
    const subject = role === 'middle' ? subjectFor(prompt, i) : openingSubject(prompt, i);
    // Details talk about one thing at a time; the opening's "bees and honey" is two.
    const detailSubject =
      role === 'middle' ? subject : (prompt.subjects[i % prompt.subjects.length] ?? subject);
    const other = prompt.subjects.find((s) => !overlaps(s, detailSubject));
    const focusWord =
      feedback.keywords.length > 0 ? feedback.keywords[i % feedback.keywords.length] : undefined;

    const lead =
      role === 'middle'
        ? fill(rotate(MIDDLES, salt, 'lead', i), { subject })
        : role === 'closing'
          ? fill(pick(CLOSINGS, `${key}:lead`), { topic: prompt.topic })
          : fill(pick(OPENINGS, `${key}:lead`), { topic: prompt.topic });
    const fromPrompt = assigned[i]!;
    const detailTemplates = other ? [...PAIR_DETAILS, ...DETAILS] : DETAILS;
    const detail = fill(rotate(detailTemplates, salt, 'detail', i), { a: detailSubject, b: other ?? '' });
    const focus = focusWord ? fill(rotate(FEEDBACK_DETAILS, salt, 'focus', i), { f: focusWord }) : undefined;
    const extra = rotate(EXTRA_DETAILS, salt, 'extra', i);

    let sentences: string[];
    if (sentenceBudget === 1) {
      sentences = [focus ?? (role === 'middle' && fromPrompt[0] ? fromPrompt[0] : lead)];
    } else {
      // The prompt's own words come first, then what the feedback asked for, then filler; a
      // feedback sentence may take the third slot, so asking for something never crowds out the prompt.
      const ordered = [
        lead,
        ...fromPrompt.slice(0, 1),
        ...(focus ? [focus] : []),
        ...fromPrompt.slice(1),
        detail,
        extra,
      ];
      sentences = ordered.slice(0, focus ? 3 : sentenceBudget);
    }
    scenes.push({
      visual_description: describe(subject, focusWord, feedback.length, salt, i),
      narration: fitNarration(sentences),
    });
  }
  return scenes;
}

function describe(
  subject: string,
  focusWord: string | undefined,
  length: Length,
  salt: string,
  i: number,
): string {
  const shot = rotate(SHOTS, salt, 'shot', i);
  const parts = [`${shot} ${stripArticleIfGeneric(subject)}`];
  if (focusWord && !overlaps(subject, focusWord)) parts.push(`featuring ${focusWord}`);
  if (length !== 'short') parts.push(rotate(LIGHTS, salt, 'light', i));
  if (length === 'long') parts.push(rotate(LONG_EXTRAS, salt, 'long', i));
  return cutAtWord(parts.join(' '), 150);
}

function stripArticleIfGeneric(text: string): string {
  return text.replace(/^(?:a|an)\s+/i, '');
}

function fitNarration(sentences: string[]): string {
  const kept: string[] = [];
  let length = 0;
  for (const s of sentences) {
    const sentence = capitalizeFirst(s);
    if (kept.length > 0 && length + sentence.length + 1 > NARRATION_BUDGET) break;
    kept.push(sentence);
    length += sentence.length + 1;
  }
  return kept.join(' ');
}

/** A hashed starting point, then one step per scene, so neighbouring scenes never share a template. */
function rotate<T>(items: readonly T[], salt: string, tag: string, index: number): T {
  return items[(hash32(`${salt}\u0000${tag}`) + index) % items.length]!;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

function overlaps(a: string, b: string): boolean {
  const x = bare(a).toLowerCase();
  const y = bare(b).toLowerCase();
  return x.includes(y) || y.includes(x);
}

/** Opening and closing scenes show the topic as a whole rather than one of its parts. */
function openingSubject(prompt: PromptAnalysis, index: number): string {
  const topic = prompt.topic;
  if (topic.length <= 50 && !/^(how|why|what|when|where|who|which)\b/i.test(topic)) return topic;
  const words = prompt.keywords.slice(0, 2);
  return words.length > 0 ? joinList(index === 0 ? words : [...words].reverse()) : topic;
}

/** Body scenes take the prompt's subjects in order, skipping the one the opening already shows. */
function subjectFor(prompt: PromptAnalysis, index: number): string {
  const opening = openingSubject(prompt, 0);
  const distinct = prompt.subjects.filter((s) => !overlaps(s, opening));
  const pool = distinct.length > 0 ? distinct : prompt.subjects.length > 0 ? prompt.subjects : [prompt.topic];
  return pool[(index - 1) % pool.length]!;
}

/** Spreads the prompt's sentences over the scenes in order, so the narration follows the prompt. */
function assignSentences(sentences: string[], count: number): string[][] {
  const slots: string[][] = Array.from({ length: count }, () => []);
  sentences.forEach((sentence, j) => {
    slots[Math.min(Math.floor((j * count) / sentences.length), count - 1)]!.push(sentence);
  });
  return slots;
}

function analysePrompt(raw: string): PromptAnalysis {
  const sentences = splitSentences(raw);
  const narrationSentences: string[] = [];
  const subjects: string[] = [];
  let topic = '';

  for (const sentence of sentences) {
    const stripped = sentence.replace(META_PREFIX, '');
    const prefix = sentence.slice(0, sentence.length - stripped.length);
    if (stripped.length > 0 && VIDEO_WORD.test(prefix)) {
      if (topic === '') topic = trimTopic(stripped);
      continue;
    }
    const first = (wordsOf(sentence)[0] ?? '').toLowerCase();
    if (IMPERATIVE_VERBS.has(first)) {
      subjects.push(...objectsOf(sentence));
      continue;
    }
    // Fragments ("cats", "bees and honey") name a subject; they do not make narration.
    if (wordsOf(sentence).length >= 4) narrationSentences.push(clampSentence(sentence));
  }

  const keywords = keywordsOf(raw, 8);
  for (const k of keywords) {
    if (!subjects.some((s) => s.toLowerCase().includes(bare(k).toLowerCase()))) subjects.push(k);
  }
  if (topic === '' || topic.length > MAX_TOPIC_CHARS) {
    topic =
      keywords.length > 0 ? joinList(keywords.slice(0, keywords[0]!.includes(' ') ? 1 : 2)) : 'this idea';
  }
  return {
    topic,
    narrationSentences,
    subjects: dedupe(subjects).slice(0, 12),
    keywords: keywords.length > 0 ? keywords : ['this idea'],
  };
}

function trimTopic(text: string): string {
  let topic = tidyWhitespace(text).replace(/[.!?…]+$/u, '');
  if (topic.length > MAX_TOPIC_CHARS) topic = topic.split(/[,;:]/)[0]!.trim();
  // A sentence-initial capital is not part of the topic ("How bees…" reads "how bees…" mid-sentence),
  // but a name is, so only lower-case words that are ordinary vocabulary.
  const firstWord = (wordsOf(topic)[0] ?? '').toLowerCase();
  if (STOPWORDS.has(firstWord) && firstWord !== 'i') topic = topic.charAt(0).toLowerCase() + topic.slice(1);
  return topic;
}

function clampSentence(sentence: string): string {
  if (sentence.length <= MAX_NARRATION_SENTENCE_CHARS)
    return endsWithPunctuation(sentence) ? sentence : `${sentence}.`;
  const clause = sentence.slice(0, MAX_NARRATION_SENTENCE_CHARS).replace(/[,;:][^,;:]*$/, '');
  const cut = clause.length >= 60 ? clause : cutAtWord(sentence, MAX_NARRATION_SENTENCE_CHARS);
  return `${cut.replace(/[\s,;:]+$/, '')}.`;
}

/** "Show the hive, the flowers, and the beekeeper" → ["the hive", "the flowers", "the beekeeper"]. */
function objectsOf(sentence: string): string[] {
  const rest = sentence
    .replace(/^\s*\S+\s+/, '')
    .replace(/[.!?…]+$/u, '')
    .replace(/^(?:us|me|them|viewers)\s+/i, '');
  return rest
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|then)\s+/i)
    .map((s) => s.trim())
    .filter(
      (s) => s !== '' && wordsOf(s).length <= 5 && wordsOf(s).some((w) => !STOPWORDS.has(w.toLowerCase())),
    );
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

function bare(phrase: string): string {
  return phrase.replace(/^the\s+/i, '');
}

function analyseFeedback(raw: string): FeedbackAnalysis {
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
  return { length, keywords: keywordsOf(text, 4, FEEDBACK_STOPWORDS), text };
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sameScript(a: SceneDraft[], b: SceneDraft[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s.narration === b[i]!.narration && s.visual_description === b[i]!.visual_description)
  );
}
