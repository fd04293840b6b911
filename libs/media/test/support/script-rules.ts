import type { SceneDraft } from '../../src/common/media.types';
import { segmentSentences, wordsOf } from '../../src/common/text';
import { isNounPhrase } from '../../src/scripting/scene.subject';

// The rules every script of the local planner keeps, checked by the planner's property specs over
// generated prompts and on prompts as people write them.

/**
 * The only words a script may say that its prompt did not: the planner's leads ("This video is
 * about", "It begins with", "Next comes", "Then comes", "After that comes",
 * "Here we see", "We also see", "Next we see", "It ends with", "It closes with", "It finishes
 * with", "It continues with", "It then turns to") and the "and" that joins a list back together;
 * a blank prompt's one scene says "Scene 1.".
 */
const LEAD_WORDS = new Set(
  (
    'this video is about it begins continues then turns to with next comes after that here we see also ' +
    'ends closes finishes and'
  ).split(' '),
);

// A preposition right after another is the mark of a template glued onto a steering phrase.
const PREPOSITIONS = (
  'about above across after against along among around at before behind below beneath beside between ' +
  'beyond by during for from in inside into near of on onto over through to toward towards under upon ' +
  'with within without'
).split(' ');
const PREPOSITION_PAIR = new RegExp(
  `\\b(?:${PREPOSITIONS.join('|')})\\s+(?:${PREPOSITIONS.join('|')})\\b`,
  'i',
);

export const lowerFirst = (s: string) =>
  /^(?:Dr|Mr)\./.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);

/** A prompt with what the script of it must show: its marker nouns in order and its clauses. */
export interface Case {
  prompt: string;
  markers: string[];
  sceneCount: number;
  /** How many clauses the prompt has, the most scenes it can fill: [at least, at most]. */
  clauses: [number, number];
  feedback?: string;
}

/** Where each marker is narrated: [scene, offset] of every occurrence. */
export function occurrences(scenes: SceneDraft[], marker: string): [number, number][] {
  const found: [number, number][] = [];
  scenes.forEach((s, i) => {
    for (const m of s.narration.matchAll(new RegExp(`\\b${marker}`, 'gi'))) found.push([i, m.index]);
  });
  return found;
}

/** "Some species use tools" after "Octopuses have three hearts" pictures octopuses with tools. */
const KIND_LEADS = ['some', 'many', 'several', 'most', 'few', 'other', 'all', 'both'].flatMap((q) =>
  ['species', 'kinds', 'types', 'varieties', 'breeds'].map((k) => `${q} ${k}`),
);

/**
 * "octopuses have blue blood" for "They have blue blood." after "Octopuses have three hearts.":
 * a subject said before, then what the scene says after its pronoun (or "some species").
 */
function refersBack(subject: string, said: string, narration: string): boolean {
  const words = subject.split(' ');
  return words.some(
    (_, k) =>
      k > 0 &&
      said.includes(words.slice(0, k).join(' ')) &&
      ['it', 'he', 'she', 'they', ...KIND_LEADS].some((p) =>
        narration.includes(`${p} ${words.slice(k).join(' ')}`),
      ),
  );
}

/** The rules every script must keep, whatever the prompt. Returns the first broken rule, if any. */
export function brokenRule(c: Case, scenes: SceneDraft[]): string | undefined {
  // One scene per clause, up to the count asked for; at least one.
  const [fewest, most] = c.clauses.map((n) => Math.max(1, Math.min(c.sceneCount, n)));
  if (scenes.length < fewest! || scenes.length > most!)
    return `scene count ${scenes.length}, not ${fewest === most ? fewest : `${fewest}-${most}`}`;
  const promptWords = new Set(wordsOf(c.prompt).map((w) => w.toLowerCase()));
  for (const [i, s] of scenes.entries()) {
    // A blank prompt's one scene says only that it is a scene: "Scene 1.".
    const blank = promptWords.size === 0 && /^Scene \d+\.$/.test(s.narration);
    const invented = blank
      ? undefined
      : wordsOf(s.narration).find(
          (w) => !promptWords.has(w.toLowerCase()) && !LEAD_WORDS.has(w.toLowerCase()),
        );
    if (invented) return `scene ${i + 1} says "${invented}", which the prompt did not: "${s.narration}"`;
    if (s.narration.length > 400) return `scene ${i + 1} narration over 400 characters`;
    if (s.visual_description.length > 150) return `scene ${i + 1} description over 150 characters`;
    for (const sentence of segmentSentences(s.narration)) {
      if (!/^[\p{Lu}\p{N}]/u.test(sentence)) return `sentence starts in lower case: "${sentence}"`;
      if (!/[.!?]$/.test(sentence)) return `sentence without end punctuation: "${sentence}"`;
    }
    const pair = PREPOSITION_PAIR.exec(s.narration);
    if (pair) return `preposition pair "${pair[0]}" in "${s.narration}"`;
    // The picture names the scene's subject, taken from what this or an earlier scene says.
    const subject = s.visual_description.split(', ')[0]!.toLowerCase();
    const said = scenes
      .slice(0, i + 1)
      .map((x) => x.narration.toLowerCase())
      .join(' ');
    if (subject === '' || !(said.includes(subject) || refersBack(subject, said, s.narration.toLowerCase())))
      return `scene ${i + 1} pictures "${subject}", never said`;
  }
  let last: [number, number] = [-1, -1];
  for (const [k, marker] of c.markers.entries()) {
    const found = occurrences(scenes, marker);
    if (found.length === 0) continue;
    const [first, ...again] = found;
    if (first![0] < last[0] || (first![0] === last[0] && first![1] < last[1]))
      return `"${marker}" (idea ${k + 1}) is narrated before an earlier idea`;
    last = first!;
    // Every clause is narrated once: nothing comes back to fill a scene.
    for (const [scene] of again)
      return `"${marker}" is narrated twice (scene ${scene + 1}: "${scenes[scene]!.narration}")`;
  }
  return undefined;
}

/** English narration sentences that are only a noun phrase ("The penny-farthing."): fragments. */
export function nounPhrasesAlone(scenes: SceneDraft[]): string[] {
  return (
    scenes
      .flatMap((s) => segmentSentences(s.narration))
      // As written mid-prompt: "Keep a schedule" opens with a verb, not with a name.
      .filter((sentence) => isNounPhrase(lowerFirst(sentence).replace(/[.!?]+$/, '')))
  );
}
