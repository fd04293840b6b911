import { wordsOf } from '../common/text';

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
export function guessLanguage(text: string, language: string | undefined, margin = 1): string {
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
  let bestScore = margin - 1;
  for (const [code, list] of Object.entries(FUNCTION_WORDS)) {
    const set = new Set(list.split(' '));
    const score = words.filter((w) => set.has(w)).length;
    if (score > bestScore) {
      best = code;
      bestScore = score;
    }
  }
  const english = new Set(FUNCTION_WORDS.en!.split(' '));
  return best !== 'en' && bestScore - words.filter((w) => english.has(w)).length < margin ? 'en' : best;
}
