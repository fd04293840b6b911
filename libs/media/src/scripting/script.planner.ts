import type { SceneDraft, ScriptInput } from '../common/media.types';
import {
  type Clause,
  lowerArticle,
  readSentences,
  renderClause,
  splitClauses,
  wholeClauses,
} from './prompt.reader';
import { guessLanguage, quietSentence } from './quiet.sentences';
import { clausePhrase, subjectOf } from './scene.subject';
import { describeScene } from './scene.visuals';
import { contentWords, type Feedback, keywordsOf, readFeedback } from './script.feedback';

/**
 * The offline script writer. It cannot understand a prompt, so it only rearranges what the
 * prompt says (docs/decisions.md#script-planner):
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
 *   fewer clauses than scenes, the clauses are spread evenly over the scenes (the first in the
 *   first scene, the last in the last) and each scene left between them is a "quiet" scene: its
 *   narration is one short neutral sentence made only of the prompt's own subject — the video's
 *   subject when the prompt names one ("a documentary about X"), else the first clause's subject
 *   (outside English: a first clause short enough to be a title, else the first name) — such
 *   as "More on the history of the bicycle.", and its picture shows that subject. The forms
 *   rotate, so neighbouring quiet scenes never share a sentence and eight pass in English before
 *   one comes back (see quiet.sentences.ts for other languages). A prompt with nothing to say at
 *   all (blank) gets "Scene N." rather than invented words.
 * - Feedback clauses ("Mention the queen") are woven in after the prompt clause they share most
 *   words with (else after the first), and feedback keywords appear in every scene's picture.
 *
 * Every choice is a hash of the input, never a random number, so a retried activity writes the
 * same script it wrote the first time.
 */

export const MAX_PLANNED_SCENES = 50;

export interface PlannerInput extends ScriptInput {
  /** BCP 47 code of the video's language; sentence rules follow it. Default 'en'. */
  language?: string;
}

interface Line {
  narration: string;
  subject: string;
  /** What to picture when the clause has no subject and no scene before it has one. */
  fallback: string;
}

const NARRATION_BUDGET = 380;

export function planScript(input: PlannerInput): SceneDraft[] {
  const count = input.sceneCount;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLANNED_SCENES) {
    throw new RangeError(`sceneCount must be an integer between 1 and ${MAX_PLANNED_SCENES}`);
  }
  const prompt = input.prompt ?? '';
  const language = input.language ?? 'en';
  const spoken = guessLanguage(prompt, input.language);
  const english = spoken === 'en';
  const sentences = readSentences(prompt, language);
  const feedback = readFeedback(input.feedback ?? '', prompt, language);
  const clauses = splitClauses(weave(wholeClauses(sentences), wholeClauses(feedback.sentences)), count);
  // "It begins with" is said once; a second start the prompt asks for is said plainly.
  const leads = new Set<string>();
  const lines = clauses.map((clause): Line => {
    let rendered = renderClause(clause);
    if (rendered.lead && leads.has(rendered.lead)) rendered = renderClause(clause, false);
    if (rendered.lead) leads.add(rendered.lead);
    return {
      narration: rendered.narration,
      subject: subjectOf(rendered.core, english),
      fallback: clausePhrase(rendered.core, english),
    };
  });
  const theme = themeOf(clauses, lines, prompt, english);
  const previous = input.previous ?? [];

  // A regenerate asks for a different take even when the feedback is empty, so a script that
  // would repeat the previous one word for word is re-drawn with the next variant.
  let scenes: SceneDraft[] = [];
  for (let variant = 0; variant < 8; variant++) {
    const salt = `${prompt}\u0000${feedback.text}\u0000${variant}`;
    scenes = layout(lines, theme, feedback, count, salt, spoken);
    if (!sameScript(scenes, previous)) break;
  }
  return scenes;
}

function layout(
  lines: Line[],
  theme: string,
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
  let quiet = 0;
  for (let i = 0; i < count; i++) {
    const own = slots[i]!.map((j) => lines[j]!);
    let narration: string;
    let pictured = subject;
    if (own.length > 0) {
      narration = fitNarration(
        own.map((l) => l.narration),
        maxSentences,
      );
      subject = own.find((l) => l.subject !== '')?.subject || subject || own[0]!.fallback;
      pictured = subject;
    } else {
      // A quiet scene speaks of the prompt's subject, so that is what it shows.
      narration = quietSentence(theme, spoken, salt, quiet++) || `Scene ${i + 1}.`;
      pictured = theme || subject;
    }
    const focus = feedback.keywords.length > 0 ? feedback.keywords[i % feedback.keywords.length] : undefined;
    const visual = describeScene({
      subject: pictured || `Scene ${i + 1}`,
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
 * Which lines each scene narrates. More lines than scenes: consecutive runs of even size.
 * Fewer: line j goes to scene round(j · (count − 1) / (lines − 1)), so the first opens, the last
 * closes and the quiet scenes fall evenly between them.
 */
function placeLines(lineCount: number, count: number): number[][] {
  const slots: number[][] = Array.from({ length: count }, () => []);
  if (lineCount >= count) {
    for (let j = 0; j < lineCount; j++) slots[Math.floor((j * count) / lineCount)]!.push(j);
  } else if (lineCount === 1) {
    slots[0]!.push(0);
  } else {
    for (let j = 0; j < lineCount; j++) slots[Math.round((j * (count - 1)) / (lineCount - 1))]!.push(j);
  }
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
    const text = topic.sentence.pieces.join(' ').replace(/[\s,;:]+$/, '');
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

function sameScript(a: SceneDraft[], b: SceneDraft[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s.narration === b[i]!.narration && s.visual_description === b[i]!.visual_description)
  );
}
