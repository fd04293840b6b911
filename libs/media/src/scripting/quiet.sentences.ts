import { wordsOf } from '../common/text';
import { rotate } from './scene.visuals';

/**
 * The narration of a quiet scene (one left over when the prompt has fewer clauses than the
 * video has scenes): a short neutral sentence made only of the prompt's own subject. It states
 * nothing new, so it can never be wrong about the subject. The forms rotate so neighbouring
 * quiet scenes never say the same thing.
 */

// Forms per language; {s} is the subject as it reads mid-sentence, {S} at a sentence's start.
// Outside English the subject is put after a colon or before a label, so no article or case
// ending has to agree with it.
const FORMS: Record<string, string[]> = {
  en: [
    'More on {s}.',
    'A closer look at {s}.',
    '{S}, continued.',
    'Another view of {s}.',
    '{S}, up close.',
    'Back to {s}.',
    '{S}, from another angle.',
    'A further look at {s}.',
  ],
  de: ['Mehr zum Thema: {S}.', 'Noch einmal: {S}.', '{S}: ein genauerer Blick.'],
  fr: ['{S} : la suite.', 'Encore une fois : {S}.', '{S} : un autre regard.'],
  es: ['{S}: continuación.', 'Una vez más: {S}.', '{S}: otra mirada.'],
  it: ['{S}: il seguito.', 'Ancora una volta: {S}.', '{S}: un altro sguardo.'],
  pt: ['{S}: continuação.', 'Mais uma vez: {S}.', '{S}: outro olhar.'],
  nl: ['{S}: vervolg.', 'Nog een keer: {S}.', '{S}: een andere blik.'],
  ru: ['{S}: продолжение.', 'Ещё раз: {S}.', '{S}: другой взгляд.'],
  el: ['{S}: συνέχεια.', 'Ξανά: {S}.', '{S}: μια άλλη ματιά.'],
  ja: ['{S}（続き）。', 'もう一度、{S}。', '{S}、別の角度から。'],
  zh: ['{S}（续）。', '再看{S}。', '{S}，换个角度。'],
};

const PREPOSITION_START =
  /^(?:about|at|by|for|from|in|into|of|on|to|with|within|without|over|under|through|during)\b/i;

/** The quiet sentence number `index` of a script, or '' when there is no subject to speak of. */
export function quietSentence(subject: string, language: string, salt: string, index: number): string {
  if (subject === '') return '';
  let forms = FORMS[language] ?? FORMS[language.split('-')[0]!.toLowerCase()];
  // A language without forms gets its subject alone, as a title.
  if (!forms)
    return `${upper(subject)}${/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(subject) ? '。' : '.'}`;
  // "A closer look at in 1817" would pair two prepositions; such a subject opens the sentence.
  if (PREPOSITION_START.test(subject)) forms = forms.filter((f) => f.startsWith('{S}'));
  const form = rotate(forms, salt, 'quiet', index);
  return form.replace('{s}', subject).replace('{S}', upper(subject));
}

function upper(text: string): string {
  return /^\p{Ll}+\p{Lu}/u.test(text) ? text : text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

const FUNCTION_WORDS: Record<string, string> = {
  en: 'the and of with to is are was in a an how what about then it this that for',
  de: 'der die das und ist mit ein eine nicht dem den des von zu im auf sich auch',
  fr: 'le la les et est un une des du dans pour qui sur au avec ce',
  es: 'el los las y es con del una por para que en se su al',
  it: 'il lo gli e è con della che per una un nel del sono',
  pt: 'o os as e é com do da uma um para que em no na',
  nl: 'de het een en is met van dat op voor niet zijn',
};

/**
 * The video's language when given, else a guess from the prompt's script and its commonest
 * words; 'en' when nothing speaks against English (a prompt of one word, "cats").
 */
export function guessLanguage(text: string, language: string | undefined): string {
  if (language) return language.split('-')[0]!.toLowerCase();
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  const latin = count(/\p{Script=Latin}/gu);
  if (count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu) > 0) return 'ja';
  const scripts: [string, RegExp][] = [
    ['zh', /\p{Script=Han}/gu],
    ['ru', /\p{Script=Cyrillic}/gu],
    ['el', /\p{Script=Greek}/gu],
    ['other', /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}\p{Script=Hangul}]/gu],
  ];
  for (const [code, pattern] of scripts) if (count(pattern) > latin) return code;
  const words = wordsOf(text).map((w) => w.toLowerCase());
  let best = 'en';
  let bestScore = 0;
  for (const [code, list] of Object.entries(FUNCTION_WORDS)) {
    const set = new Set(list.split(' '));
    const score = words.filter((w) => set.has(w)).length;
    if (score > bestScore) {
      best = code;
      bestScore = score;
    }
  }
  return best;
}
