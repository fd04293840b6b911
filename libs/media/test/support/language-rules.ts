import type { SceneDraft } from '../../src/common/media.types';
import { wordsOf } from '../../src/common/text';

/**
 * The rules of scripts for German, Spanish, Russian and Greek prompts, checked on generated
 * prompts (seeded) and on real ones. Every sentence starts with a capital and ends with its
 * punctuation, no English word is put in, a script has one scene per clause up to the count asked
 * for, and every word comes from the prompt or from the few words the planner may say in that
 * language: its leads in the narration, its shots and lights in the pictures.
 */

export interface Bank {
  topics: string[];
  sentences: string[];
  steered: string[];
  /**
   * The words the planner may add to the narration in this language: the topic's lead ("Dieses
   * Video berichtet über"), a start's and an end's ("Es beginnt mit"), a noun phrase's after
   * "Dann" ("Es folgt"), the words that join a list, and "Szene" for a blank prompt.
   */
  leads: string;
  /** The words of the pictures' shots and lights. */
  pictures: string;
}

export const BANKS: Record<string, Bank> = {
  de: {
    topics: [
      'Ein kurzes Video über die Geschichte des Fahrrads.',
      'Ein Video über den Hund.',
      'Video über Bienen und Honig:',
    ],
    sentences: [
      'Die Laufmaschine wurde 1817 von Karl Drais erfunden.',
      'Später kam das Hochrad, das sehr gefährlich war.',
      'Heute fahren Millionen Menschen mit dem Rad zur Arbeit, und die Städte bauen neue Radwege.',
      'Warum ist das Fahrrad so beliebt?',
      'Bienen sammeln Nektar; daraus machen sie Honig.',
      'Der Imker öffnet den Bienenstock im Frühling.',
      'Z. B. im Schwarzwald gibt es viele Imker.',
    ],
    steered: [
      'Beginne mit der Laufmaschine von 1817.',
      'Zeige den Bienenstock, die Blumen und den Imker.',
      'Dann zeige, wie das Fahrrad die Städte verändert.',
      'Ende mit der Zukunft des Radfahrens.',
      'Dann das Hochrad.',
    ],
    leads: 'dieses video berichtet über es beginnt endet mit folgt und oder szene',
    pictures:
      'totale nahaufnahme von oben gesehen langsamer schwenk detailansicht halbtotale in warmem goldenem licht ' +
      'unter klarem blauem himmel im weichen morgenlicht vor dunklem hintergrund kühlen abendlicht',
  },
  es: {
    topics: [
      'Un video sobre las abejas.',
      'Un documental sobre la historia de Madrid.',
      'Haz un video sobre el café.',
    ],
    sentences: [
      'Las abejas recogen néctar de las flores, y lo convierten en miel dentro de la colmena.',
      '¿Por qué son tan importantes?',
      'Madrid fue fundada en el siglo IX.',
      'El café llegó a Europa en el siglo XVII; pronto se abrieron cafeterías en todas partes.',
      'Hoy millones de personas beben café cada mañana.',
      '¡Qué maravilla!',
    ],
    steered: [
      'Empieza con la colmena.',
      'Muestra la colmena, las flores y el apicultor.',
      'Luego la Plaza Mayor.',
      'Termina con el futuro de la ciudad.',
    ],
    leads: 'este video trata sobre comienza termina con sigue y o escena',
    pictures:
      'plano general primer vista desde arriba paneo lento de detalle medio luz dorada cálida bajo un cielo azul ' +
      'despejado con y suave la mañana sobre ' +
      'fondo oscuro fresca tarde',
  },
  ru: {
    topics: ['Короткое видео о Москве.', 'Видео про пчёл.', 'Фильм о истории велосипеда.'],
    sentences: [
      'Москва была основана в 1147 году.',
      'Кремль стоит в центре города, а рядом находится Красная площадь.',
      'Пчёлы собирают нектар и делают мёд.',
      'Почему велосипед стал таким популярным?',
      'Потом появился велосипед с большим колесом.',
      'Сегодня миллионы людей ездят на работу на велосипеде.',
    ],
    steered: ['Начни с Кремля.', 'Покажи улей, цветы и пасечника.', 'Затем Красная площадь.'],
    leads: 'это видео всё начинается с далее и или сцена',
    pictures:
      'общий план крупный вид сверху медленная панорама детальный средний в тёплом золотом свете под ясным голубым небом ' +
      'мягком утреннем на тёмном фоне прохладном вечернем',
  },
  el: {
    topics: ['Ένα βίντεο για την Ακρόπολη.', 'Ένα σύντομο βίντεο για τις μέλισσες.'],
    sentences: [
      'Η Ακρόπολη της Αθήνας χτίστηκε τον 5ο αιώνα π.Χ.',
      'Ο Παρθενώνας είναι αφιερωμένος στη θεά Αθηνά.',
      'Σήμερα την επισκέπτονται εκατομμύρια τουρίστες, και το μουσείο είναι πάντα γεμάτο.',
      'Γιατί είναι τόσο σημαντική;',
      'Οι μέλισσες μαζεύουν νέκταρ από τα λουλούδια.',
    ],
    steered: [
      'Ξεκίνα με τον Παρθενώνα.',
      'Δείξε την κυψέλη, τα λουλούδια και τον μελισσοκόμο.',
      'Μετά το μουσείο.',
    ],
    leads: 'αυτό το βίντεο είναι ξεκινά με ακολουθεί και ή σκηνή',
    pictures:
      'γενικό πλάνο κοντινό θέα από ψηλά αργό πανοραμικό λεπτομέρεια μεσαίο σε ζεστό χρυσό φως κάτω καθαρό γαλάζιο ουρανό στο απαλό ' +
      'πρωινό σκούρο φόντο δροσερό βραδινό',
  },
};

const ENGLISH =
  /(?<![\p{L}])(?:the|and|with|begins|ends|more|look|closer|continued|another|back|shot|light|view|featuring|scene|angle|close-up|under|sky|backdrop|golden|morning|evening)(?![\p{L}])/iu;

const sentencesOf = (text: string, language: string) =>
  [...new Intl.Segmenter(language, { granularity: 'sentence' }).segment(text)]
    .map((s) => s.segment.trim())
    .filter(Boolean);

/**
 * Everything wrong with a script for `prompt` in `language`; empty when it keeps every rule.
 * `clauses`: how many clauses the prompt has, at least and at most; the script has one scene per
 * clause up to `sceneCount`, and at least one.
 */
export function problems(
  prompt: string,
  language: string,
  scenes: SceneDraft[],
  sceneCount: number,
  clauses: [number, number],
): string[] {
  const found: string[] = [];
  const [fewest, most] = clauses.map((n) => Math.max(1, Math.min(sceneCount, n)));
  if (scenes.length < fewest! || scenes.length > most!)
    found.push(`${scenes.length} scenes, not ${fewest === most ? fewest : `${fewest}-${most}`}`);
  const said = (extra: string) =>
    new Set([...wordsOf(prompt), ...wordsOf(extra)].map((w) => w.toLocaleLowerCase(language)));
  const bank = BANKS[language]!;
  for (const [i, s] of scenes.entries()) {
    for (const [text, allowed] of [
      [s.narration, said(bank.leads)],
      [s.visual_description, said(bank.pictures)],
    ] as const) {
      if (ENGLISH.test(text)) found.push(`scene ${i + 1} has English: ${text}`);
      for (const word of wordsOf(text)) {
        if (!allowed.has(word.toLocaleLowerCase(language)) && !/^\d+$/.test(word))
          found.push(`scene ${i + 1} invents "${word}": ${text}`);
      }
    }
    for (const sentence of sentencesOf(s.narration, language)) {
      if (!/^[¿¡"«]?[\p{Lu}\p{N}]/u.test(sentence))
        found.push(`scene ${i + 1} sentence without capital: ${sentence}`);
      if (!/[.!?…;]["»]?$/u.test(sentence))
        found.push(`scene ${i + 1} sentence without end mark: ${sentence}`);
    }
    if (/[.!?;]\s*[.!?;]$/u.test(s.narration) && !/\.\.\.$|π\.Χ\.$/u.test(s.narration))
      found.push(`scene ${i + 1} doubled end mark: ${s.narration}`);
  }
  return found;
}
