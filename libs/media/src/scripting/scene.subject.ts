import { cutAtWord, wordsOf } from '../common/text';

/**
 * Finds what a clause is about — its leading noun phrase — so a scene's picture names it:
 * "the draisine of 1817", "The Roman Empire" (of "The Roman Empire rose from…"), "the whole
 * Mediterranean" (of "It conquered the whole Mediterranean"). A word-list heuristic for English;
 * other languages get the clause's first words.
 */

const words = (list: string) => new Set(list.split(' '));

const DETERMINERS = words(
  'the a an this these those its his her their our my your some several many every each both all another',
);
// A phrase found after the clause's start opens with one of these; "all morning" is no subject.
const ARTICLES = words('the a an this these those its his her their our my your');
const PRONOUNS = words('it he she they we i you there this that these those one');
const WH = words('how why what when where who which whether');
const ADVERBS = words(
  'then next finally later yet so but and also still today now soon afterwards meanwhile',
);
const AUXILIARIES = words('did does do is are was were can could will would should has have had');
const PREPOSITIONS = words(
  'about above across after against along among around at before behind below beneath beside between ' +
    'beyond by during for from in inside into near off on onto out over past since through to toward ' +
    'towards under until up upon via with within without than as like',
);
// Words a noun phrase does not run through: prepositions, joining words and common verbs. "of" is
// missing on purpose: "the history of the bicycle".
const STOPS = new Set([
  ...PREPOSITIONS,
  ...words(
    'but so yet nor or that which who whom whose where when while because although though if unless is ' +
      'are was were be been being am has have had do does did can could will would shall should may ' +
      'might must rose fell grew became began came went made took gave found saw led won lost ran got ' +
      'held kept left brought thought told said stood spread split met wrote drove rode flew sold paid ' +
      'sent spent set put cut let felt heard knew meant taught caught bought fought lay laid broke chose ' +
      'spoke struck hung shot sang rang sank swam drew threw wore tore built cost costs remains remained ' +
      'becomes makes takes gives comes goes turns changed changes helps helped works lives stands',
  ),
]);
// Words a clause can open with before its subject ("In 1817, …", "When the tower rose", "Is it
// a sign…"); another verb there ("Cut caffeine after noon") opens an instruction, pictured whole.
const CONNECTIVES = new Set([
  ...PREPOSITIONS,
  ...AUXILIARIES,
  ...words('but so yet nor or that which who whom whose where when while because although though if unless'),
]);
const MAX_WORDS = 6;

// Verbs in their plain form, which are verbs only after a plural subject ("bees turn"): as nouns
// they follow a determiner or another noun ("its chain drive"). Their -s forms are verbs after
// anything but a determiner ("the moon rises").
const VERBS = words(
  'turn make take give come go grow rise fall build run stand live work help change keep move show ' +
    'use need want like love know think feel see look find bring carry hold spread start begin end ' +
    'eat drink fly swim walk ride drive sing play win lose pay buy sell send lead shine glow burn',
);
const VERBS_S = new Set(
  [...VERBS].map((v) =>
    /(?:s|sh|ch|x)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`,
  ),
);
const NOT_PAST = words('hundred bed red speed seed need feed shed sled wed breed bred shred');
const NUMBER_WORDS = words(
  'one two three four five six seven eight nine ten eleven twelve dozens hundreds few',
);

export function isNounPhrase(clause: string): boolean {
  const head = clause.split(/,\s|\s(?:when|which|who|whose|where|while|that|because)\s/)[0]!;
  const tokens = head.split(/\s+/).filter((t) => t !== '');
  if (tokens.length === 0) return false;
  const first = bareWord(tokens[0]!);
  if (!(DETERMINERS.has(first) || NUMBER_WORDS.has(first) || isName(tokens[0]!) || /^\d/.test(tokens[0]!)))
    return false;
  if (PRONOUNS.has(first) && !DETERMINERS.has(first)) return false;
  return tokens.every((t, i) => {
    if (i === 0) return true;
    const w = bareWord(t);
    const before = bareWord(tokens[i - 1]!);
    if (STOPS.has(w) && !PREPOSITIONS.has(w)) return false;
    if (VERBS.has(w) && /[^s]s$/.test(before) && !DETERMINERS.has(before)) return false;
    if (VERBS_S.has(w) && !DETERMINERS.has(before)) return false;
    return !(/^\p{Ll}{3,}ed$/u.test(t.replace(/[,.;:!?]+$/u, '')) && !NOT_PAST.has(w));
  });
}

/** The clause's subject, or '' when it has none of its own ("It split in two"). */
export function subjectOf(clause: string, english: boolean): string {
  const all = clause.split(/\s+/).filter((t) => t !== '');
  // "Then it split…", "Yet her ideas…": a leading adverb is not part of any phrase.
  const skip = ADVERBS.has(bareWord(all[0] ?? '')) && all.length > 1 ? 1 : 0;
  const tokens = all.slice(skip);
  if (tokens.length === 0) return '';
  if (!english) return shortPhrase(clause, true, 6);
  const first = bareWord(tokens[0]!);
  if (WH.has(first)) {
    // "How bees make honey" stays whole; "Why did the penny-farthing fail" → "the penny-farthing".
    if (!AUXILIARIES.has(bareWord(tokens[1] ?? ''))) return shortPhrase(tokens.join(' '), false, 8);
    const from = startOfPhrase(tokens, 2, false);
    const phrase = nounPhrase(tokens, from >= 0 ? from : 2).split(' ');
    const last = tokens.at(-1)!.replace(/[?!.]+$/, '');
    return (phrase.length >= 2 && phrase.at(-1) === last ? phrase.slice(0, -1) : phrase).join(' ');
  }
  const second = bareWord(tokens[1] ?? '');
  // "This bridge was built…" starts with its phrase; "This changed everything" has none.
  const demonstrative = DETERMINERS.has(first) && second !== '' && !STOPS.has(second);
  if (PRONOUNS.has(first) && !demonstrative && !isName(tokens[1] ?? ''))
    return nounPhrase(tokens, startOfPhrase(tokens, 1, false));
  if (CONNECTIVES.has(first)) {
    // "In 1817, Karl Drais built…" → the phrase after the opening comma; "In Paris the tower
    // rose" → the first phrase that is not governed by the opening preposition.
    const comma = tokens.findIndex((t, i) => i < 4 && t.endsWith(','));
    return nounPhrase(
      tokens,
      comma >= 0 ? startOfPhrase(tokens, comma + 1, false) : startOfPhrase(tokens, 1, true),
    );
  }
  // A clause that opens with a determiner or a run of names opens with its subject; anything else
  // ("Bake at 250 °C with steam", "Mix flour, water and salt") pictures best as a whole.
  if (DETERMINERS.has(first) || (isName(tokens[0]!) && isName(tokens[1] ?? ''))) return nounPhrase(tokens, 0);
  return shortPhrase(tokens.join(' '), false, 8);
}

/** The first word from `from` that starts a noun phrase: a determiner or a name. */
function startOfPhrase(tokens: string[], from: number, skipObjects: boolean): number {
  for (let i = from; i < tokens.length; i++) {
    const previous = bareWord(tokens[i - 1] ?? '');
    if (skipObjects && PREPOSITIONS.has(previous)) continue;
    if (ARTICLES.has(bareWord(tokens[i]!)) || isName(tokens[i]!)) return i;
  }
  return -1;
}

function nounPhrase(tokens: string[], start: number): string {
  if (start < 0) return '';
  const taken: string[] = [];
  for (let i = start; i < tokens.length && taken.length < MAX_WORDS; i++) {
    const token = tokens[i]!;
    const word = bareWord(token);
    const content = taken.some((t) => !DETERMINERS.has(bareWord(t)));
    if (taken.length > 0 && (STOPS.has(word) || (content && /^\p{Ll}{3,}(?:ed|ly)$/u.test(token)))) break;
    // "roads and laws" joins two nouns; "and then", "and was" or a clause's end closes the phrase.
    const next = bareWord(tokens[i + 1] ?? '');
    if (word === 'and' && (next === '' || next === 'then' || STOPS.has(next))) break;
    taken.push(token.replace(/[,;:!?)"”]+$/u, ''));
    if (/[,;:!?)"”]$/u.test(token)) break;
  }
  // A phrase cut at MAX_WORDS ends where it was cut ("the penny-farthing and its dangerous
  // high"): keep it only up to its last joining word, which closes a whole phrase.
  const cut = taken.length === MAX_WORDS && start + MAX_WORDS < tokens.length;
  const join = taken.findLastIndex((t, i) => i > 0 && /^(?:and|or|with|of)$/i.test(t));
  if (cut && join > 0) taken.splice(join);
  while (taken.length > 0 && /^(?:of|and|or|the|a|an|'s)$/i.test(taken.at(-1)!)) taken.pop();
  if (taken.every((t) => DETERMINERS.has(bareWord(t)) || PRONOUNS.has(bareWord(t)))) return '';
  // "they sometimes" is no picture; the scene keeps the one before.
  if (PRONOUNS.has(bareWord(taken[0] ?? '')) && !DETERMINERS.has(bareWord(taken[0] ?? ''))) return '';
  return taken.join(' ');
}

function bareWord(token: string): string {
  return (wordsOf(token)[0] ?? '').toLowerCase();
}

function isName(token: string): boolean {
  return /^\p{Lu}/u.test(token) && !PRONOUNS.has(bareWord(token)) && !DETERMINERS.has(bareWord(token));
}

// Pronouns that stand for a thing named before; "we", "you" and "I" are the narrator and audience.
const REFERRING = words('it he she they');
const POSSESSIVES = words('its his her their our my your');
/** The possessives that may stand for what was named before (not the narrator's or the viewer's). */
const OWNING = words('their');
// "Some species", "many kinds": some of what was named before, pictured as it.
const QUANTIFIERS = words('some many several most few other all both');
const KINDS = words('species kinds types varieties breeds');

/**
 * What a pronoun-led clause pictures: the clause with its pronoun replaced by the head of the
 * subject it refers back to — "They have blue blood" after "Octopuses have three hearts" is
 * "Octopuses have blue blood", so the picture shows the blood and not the hearts again; "Some
 * species use tools" is "Octopuses use tools", the animal with its tools. '' when
 * the clause opens with no such pronoun or there is nothing to refer to (English only).
 */
export function withAntecedent(clause: string, previousSubject: string, english: boolean): string {
  if (!english) return '';
  const tokens = clause.split(/\s+/).filter((t) => t !== '');
  const skip = ADVERBS.has(bareWord(tokens[0] ?? '')) && tokens.length > 2 ? 1 : 0;
  // What stands for the subject: a pronoun, or some of its kind ("Some species use tools", not
  // "Some kinds of tea", which names its own).
  const first = bareWord(tokens[skip] ?? '');
  const ofItsKind =
    QUANTIFIERS.has(first) &&
    KINDS.has(bareWord(tokens[skip + 1] ?? '')) &&
    bareWord(tokens[skip + 2] ?? '') !== 'of';
  // "Their arms can taste": the arms of what was named before ("Octopuses' arms").
  const owned = OWNING.has(first);
  const standsFor = REFERRING.has(first) || owned ? 1 : ofItsKind ? 2 : 0;
  if (standsFor === 0 || tokens.length - skip < standsFor + 1) return '';
  const subject = previousSubject.split(/\s+/).filter((t) => t !== '');
  // The subject's head: up to its verb ("Octopuses" of "Octopuses have three hearts").
  const end = subject.findIndex((t, i) => i > 0 && STOPS.has(bareWord(t)) && !PREPOSITIONS.has(bareWord(t)));
  const head = subject.slice(0, end < 0 ? MAX_WORDS : Math.min(end, MAX_WORDS));
  // "Its roads and laws" is no antecedent of "it": it refers back itself.
  if (head.length === 0 || PRONOUNS.has(bareWord(head[0]!)) || POSSESSIVES.has(bareWord(head[0]!))) return '';
  // Some of a kind are some of a plural ("Octopuses"); "The lake … Some species" means its fish.
  if (standsFor === 2 && !/s$/i.test(bareWord(head.at(-1)!))) return '';
  const rest = tokens.slice(skip + standsFor).join(' ');
  // Only a plural owns what "their" names ("Octopuses' arms"); else the clause is pictured as it is.
  if (owned && !/s$/i.test(bareWord(head.at(-1)!))) return '';
  const owner = owned ? [...head.slice(0, -1), `${head.at(-1)!}'`] : head;
  return shortPhrase(`${owner.join(' ')} ${rest}`, false, 8 + head.length);
}

/** A picture for a clause without a subject of its own and nothing before it: its first words. */
export function clausePhrase(clause: string, english: boolean): string {
  return english ? shortPhrase(clause, false, 8) : shortPhrase(clause, true, 6);
}

/** The clause's first words: a subject for languages without the word lists, or a whole short clause. */
function shortPhrase(clause: string, atComma: boolean, maxWords: number): string {
  const head = clause
    .split(atComma ? /[,;:、，；]/u : /[;:]/)[0]!
    .trim()
    .replace(/[?!.。！？]+$/u, '');
  if (!/\s/.test(head)) return cutByWords(head, 24);
  const all = head.split(/\s+/);
  let kept = cutAtWord(all.slice(0, maxWords).join(' '), 60).split(' ');
  // A cut clause ends at its last comma, where a whole part of it ends ("Most lighthouses are
  // automated", not "…, and many have become").
  const comma = kept.length < all.length ? kept.findLastIndex((t, i) => i > 0 && t.endsWith(',')) : -1;
  if (comma > 0) kept = kept.slice(0, comma + 1);
  while (kept.length > 1 && DANGLING.has(bareWord(kept.at(-1)!))) kept.pop();
  return kept.join(' ').replace(/[,;:]$/, '');
}

// Words a cut phrase must not end on; a few German, French and Spanish ones for their prompts.
const DANGLING = words(
  'of and or no not the a an to in on at with for by from into as that which der die das dem den des mit von ' +
    'zu und im am vom zum zur beim ins auf aus für über ein eine einen einem einer le la les de du et el los ' +
    'las del con y en por para un una al lo в во на с со о об к и по за из от до у а τον την το του της των ' +
    'στη στο στην στον στα και σε με για από η ο οι τα τη',
);

/** Text without spaces (Japanese, Chinese) is cut at a word the segmenter finds, not mid-word. */
function cutByWords(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text)) {
    if ((out + segment).length > max) break;
    out += segment;
  }
  return out || text.slice(0, max);
}
