import type { SceneDraft, ScriptInput } from '../common/media.types';
import { lowerArticle, renderClause } from './clause.narration';
import { type Clause, splitClauses, wholeClauses } from './prompt.clauses';
import { guessLanguage } from './prompt.language';
import { CASED, readSentences } from './prompt.reader';
import { clausePhrase, subjectOf, withAntecedent } from './scene.subject';
import { describeScene } from './scene.visuals';
import { contentWords, type Feedback, keywordsOf, readFeedback } from './script.feedback';

/**
 * The offline script writer. It cannot understand a prompt, so it only rearranges what the
 * prompt says (docs/decisions/0004-script-planner.md):
 *
 * - The prompt is read into clauses in its own order; steering words ("Start with", "Then",
 *   "Show") are stripped and each clause becomes one full sentence ("It begins with the
 *   draisine of 1817."). Every clause is narrated at most once, and scene k never narrates
 *   anything the prompt mentions after what scene k + 1 narrates.
 * - More clauses than scenes: consecutive clauses share a scene, as evenly as possible; a scene
 *   says at most three sentences (one when the feedback asks for shorter) within 380 characters,
 *   and what does not fit is left out.
 * - Fewer clauses than scenes: sentences are split into clauses (at ";", ":", ", then", between
 *   the items of a list of things to show, and at ", and/but/so" between two whole clauses),
 *   one split at a time, until there are enough or nothing more splits. If there are still
 *   fewer clauses than scenes, the script has fewer scenes: one per clause. Nothing is invented
 *   to pad it; a client who wants more scenes writes more, or sends `scenes`. A prompt with
 *   nothing to say at all (blank) gets one scene, "Scene 1.", rather than invented words.
 * - A clause that is only a noun phrase gets the few words that make it a sentence: "This video
 *   is about …" for the video's subject, "Next comes …" after "Then", "Here we see …" after
 *   "Show" (English; other languages keep the prompt's words).
 * - Feedback clauses ("Mention the queen") are woven in after the prompt clause they share most
 *   words with (else after the first), and feedback keywords appear in every scene's picture.
 *
 * Every choice is a hash of the input, never a random number, so a retried activity writes the
 * same script it wrote the first time.
 */

export const MAX_PLANNED_SCENES = 50;

export interface PlannerInput extends Omit<ScriptInput, 'language'> {
  /** BCP 47 code of the video's language; sentence rules follow it. Default 'en'. */
  language?: string;
}

interface Line {
  narration: string;
  subject: string;
  /** What to picture when the clause has no subject and no scene before it has one. */
  fallback: string;
  /** The clause as said, without its lead. */
  core: string;
}

const NARRATION_BUDGET = 380;

const LEAD_VARIANTS: Record<string, string[]> = {
  // A second start or end the prompt asks for is no start or end: it goes on.
  'It begins with': ['It begins with', 'It continues with', 'It then turns to'],
  'It ends with': ['It ends with', 'It closes with', 'It finishes with'],
  'Next comes': ['Next comes', 'Then comes', 'After that comes'],
  'Here we see': ['Here we see', 'We also see', 'Next we see'],
};

// Leads that end in a preposition governing the noun after them ("Es beginnt mit der …").
const PREPOSITION_LEAD = /\s(mit|с|со|με)$/u;

/**
 * What a scene's picture is titled from. In languages with cases a noun the lead's preposition
 * governs keeps that preposition ("Mit der Laufmaschine von 1817"), as the topic does ("Über die
 * Geschichte des Fahrrads"); alone it would stand in the wrong case ("Der Laufmaschine").
 */
function governed(rendered: { core: string; lead?: string }, spoken: string): string {
  const preposition =
    CASED.has(spoken) && rendered.lead ? PREPOSITION_LEAD.exec(rendered.lead)?.[1] : undefined;
  return preposition ? `${preposition} ${rendered.core}` : rendered.core;
}

export function planScript(input: PlannerInput): SceneDraft[] {
  const count = input.sceneCount;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLANNED_SCENES) {
    throw new RangeError(`sceneCount must be an integer between 1 and ${MAX_PLANNED_SCENES}`);
  }
  const prompt = input.prompt ?? '';
  // English is never put into a script whose prompt reads as another language, even when the
  // video's language was left at its default (docs/decisions/0013-script-languages.md).
  const requested = input.language ? guessLanguage('', input.language) : undefined;
  const guessed = guessLanguage(prompt, undefined, requested === 'en' ? 2 : 1);
  const trusted = requested !== undefined && !(requested === 'en' && guessed !== 'en' && guessed !== 'other');
  const spoken = trusted ? requested : guessed;
  const language = trusted ? input.language! : spoken;
  const english = spoken === 'en';
  const sentences = readSentences(prompt, language);
  const feedback = readFeedback(input.feedback ?? '', prompt, language);
  const whole = weave(wholeClauses(sentences), wholeClauses(feedback.sentences));
  const clauses = splitClauses(yieldTitles(whole, count), count);
  // The pictures' theme is the prompt's, titles included (a yielded title still names the subject).
  const themed = splitClauses(whole, count);
  // "It begins with" is said once; a second start the prompt asks for goes on ("It continues
  // with"), and a lead that makes a noun phrase a sentence is needed every time: a lead said
  // again changes its words, the first wording never coming back. Outside English a lead is said
  // again as it is: without it "der Laufmaschine" would stand in the case "mit" gave it.
  const leads = new Map<string, number>();
  const lines = clauses.map((clause): Line => {
    let rendered = renderClause(clause);
    const said = rendered.lead ? (leads.get(rendered.lead) ?? 0) : 0;
    if (rendered.lead && said > 0) {
      const variants = LEAD_VARIANTS[rendered.lead];
      if (variants) rendered = renderClause(clause, variants[1 + ((said - 1) % (variants.length - 1))]!);
    }
    if (rendered.lead) leads.set(rendered.lead, said + 1);
    return {
      narration: rendered.narration,
      subject: subjectOf(governed(rendered, spoken), english),
      fallback: clausePhrase(rendered.core, english),
      core: rendered.core,
    };
  });
  const theme = themeOf(themed, lines, prompt, english);
  const preposition = themed.find((c) => c.sentence.topic)?.sentence.preposition;
  const previous = input.previous ?? [];

  // A regenerate asks for a different take even when the feedback is empty, so a script that
  // would repeat the previous one word for word is re-drawn with the next variant.
  let scenes: SceneDraft[] = [];
  for (let variant = 0; variant < 8; variant++) {
    const salt = `${prompt}\u0000${feedback.text}\u0000${variant}`;
    // A prompt with fewer clauses than scenes asked for says less: one scene per clause, rather
    // than scenes padded with words it never said (docs/decisions/0004-script-planner.md).
    const scenesToWrite = Math.min(count, Math.max(lines.length, 1));
    scenes = layout(lines, { text: theme, preposition }, feedback, scenesToWrite, salt, spoken);
    if (!sameScript(scenes, previous)) break;
  }
  return scenes;
}

/**
 * A list is its items: when a list's title and every item do not fit the scenes, the title goes
 * before two items would share a scene ("Five habits …: wake early, …" in five scenes is the five
 * habits). When the items alone do not fit either, they share scenes with the title as before.
 */
function yieldTitles(clauses: Clause[], count: number): Clause[] {
  // A title: the head of "Head: item, item and item", or a topic said before such a list.
  const headed = (c: Clause) =>
    c.sentence.series === true &&
    c.from === 0 &&
    c.to - c.from > 2 &&
    /[:：]/u.test(c.sentence.joiners[0] ?? '');
  const topicOfList = (c: Clause, i: number) => {
    const next = clauses[i + 1];
    return c.sentence.topic && next?.sentence.series === true && next.from === 0 && !headed(next);
  };
  const ideas = clauses.reduce((n, c) => n + (c.sentence.series ? c.to - c.from : 1), 0);
  const titles = clauses.filter((c, i) => headed(c) || topicOfList(c, i)).length;
  if (titles === 0 || ideas <= count || ideas - titles > count) return clauses;
  return clauses.flatMap((c, i) => (topicOfList(c, i) ? [] : headed(c) ? [{ ...c, from: 1 }] : [c]));
}

function layout(
  lines: Line[],
  theme: { text: string; preposition?: string },
  feedback: Feedback,
  count: number,
  salt: string,
  spoken: string,
): SceneDraft[] {
  const slots = placeLines(lines.length, count);
  const maxSentences = feedback.length === 'short' ? 1 : 3;
  const scenes: SceneDraft[] = [];
  // The last subject a scene narrated: "It split in two" is still about it.
  let subject = '';
  for (let i = 0; i < count; i++) {
    const own = slots[i]!.map((j) => lines[j]!);
    let narration: string;
    let pictured = subject;
    if (own.length > 0) {
      narration = fitNarration(
        own.map((l) => l.narration),
        maxSentences,
      );
      // "They have blue blood" pictures the octopuses' blood, neither the hearts of the scene
      // before nor "their arms" of "They can taste with their arms"; the subject stays what the
      // next "they" refers to.
      const referring = withAntecedent(own[0]!.core, subject, spoken === 'en');
      if (!referring) subject = own.find((l) => l.subject !== '')?.subject || subject || own[0]!.fallback;
      pictured = referring || subject;
    } else {
      // Only a prompt with nothing to say has a scene without a clause of its own.
      narration = blankScene(spoken, i);
      pictured = theme.text || subject;
    }
    const focus = feedback.keywords.length > 0 ? feedback.keywords[i % feedback.keywords.length] : undefined;
    const visual = describeScene({
      subject: pictured || blankScene(spoken, i).slice(0, -1),
      language: spoken,
      focus,
      length: feedback.length,
      salt,
      index: i,
    });
    scenes.push({ visual_description: visual, narration });
  }
  return scenes;
}

/**
 * Which lines each scene narrates: consecutive runs of even size. A script never has more scenes
 * than lines (one scene and no line for a blank prompt).
 */
function placeLines(lineCount: number, count: number): number[][] {
  const slots: number[][] = Array.from({ length: count }, () => []);
  for (let j = 0; j < lineCount; j++) slots[Math.floor((j * count) / lineCount)]!.push(j);
  return slots;
}

/** The first sentences that fit the budget; the first always does (it is clamped when read). */
function fitNarration(sentences: string[], maxSentences: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const sentence of sentences.slice(0, maxSentences)) {
    if (kept.length > 0 && length + sentence.length + 1 > NARRATION_BUDGET) break;
    kept.push(sentence);
    length += sentence.length + 1;
  }
  return kept.join(' ');
}

/**
 * The prompt's own subject: what the video is said to be about ("a documentary about X"), else
 * the first clause's subject in English, else a first clause short enough to be a title.
 */
function themeOf(clauses: Clause[], lines: Line[], prompt: string, english: boolean): string {
  const topic = clauses.find((c) => c.sentence.topic);
  if (topic) {
    const { preposition } = topic.sentence;
    let text = topic.sentence.pieces.join(' ').replace(/[\s,;:]+$/, '');
    if (preposition && text.toLowerCase().startsWith(`${preposition} `))
      text = text.slice(preposition.length + 1);
    const short = text.length > 60 ? text.split(/,\s/)[0]! : text;
    return english ? lowerArticle(short) : short;
  }
  if (english)
    return lowerArticle(lines.find((l) => l.subject !== '')?.subject ?? keywordsOf(prompt, 1)[0] ?? '');
  const first = clauses[0] ? renderClause(clauses[0]).core : '';
  const title = /\s/.test(first) ? first.split(/\s+/).length <= 5 : first.length <= 16;
  return title ? first : (keywordsOf(prompt, 1)[0] ?? '');
}

/** Feedback clauses go after the prompt clause they share most words with, else after the first. */
function weave(prompt: Clause[], extra: Clause[]): Clause[] {
  const result = [...prompt];
  for (const clause of extra) {
    const words = contentWords(renderClause(clause).core);
    let best = -1;
    let bestShared = 0;
    result.forEach((c, i) => {
      if (prompt.indexOf(c) < 0) return;
      const shared = [...contentWords(renderClause(c).core)].filter((w) => words.has(w)).length;
      if (shared > bestShared) {
        best = i;
        bestShared = shared;
      }
    });
    let at = best >= 0 ? best + 1 : Math.min(1, result.length);
    while (at < result.length && prompt.indexOf(result[at]!) < 0) at++;
    result.splice(at, 0, clause);
  }
  return result;
}

/** What a scene says when the prompt says nothing at all: its number, in the script's language. */
function blankScene(language: string, index: number): string {
  const word = SCENE_WORDS[language];
  return word ? `${word} ${index + 1}.` : `${index + 1}.`;
}

const SCENE_WORDS: Record<string, string> = {
  en: 'Scene',
  de: 'Szene',
  es: 'Escena',
  fr: 'Scène',
  it: 'Scena',
  pt: 'Cena',
  nl: 'Scène',
  ru: 'Сцена',
  el: 'Σκηνή',
};

function sameScript(a: SceneDraft[], b: SceneDraft[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s.narration === b[i]!.narration && s.visual_description === b[i]!.visual_description)
  );
}
