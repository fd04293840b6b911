import { describe, expect, it } from 'vitest';
import type { SceneDraft } from '../common/media.types';
import { seededRandom, wordsOf } from '../common/text';
import { refineScenes } from '../refining/scene.refiner';
import { planScript } from './script.planner';

/**
 * Scripts for German, Spanish, Russian and Greek prompts: generated prompts (seeded) and a table
 * of real ones. Every sentence starts with a capital and ends with its punctuation, no English
 * word is put in, a script has one scene per clause up to the count asked for, and every word
 * comes from the prompt or from the few words the planner may say in that language: its leads
 * in the narration, its shots and lights in the pictures.
 */

interface Bank {
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

const BANKS: Record<string, Bank> = {
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
function problems(
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

/**
 * How many clauses a prompt made of whole sentences has: at least one per sentence, at most one
 * more per comma, semicolon or colon inside a sentence (where it may be split). A sentence said
 * twice is one idea, narrated once.
 */
function clauseRange(sentences: string[]): [number, number] {
  const parts = [...new Set(sentences)];
  const inner = parts.map((p) => (p.replace(/[.!?;:]$/u, '').match(/[,;:]/gu) ?? []).length);
  return [parts.length, parts.length + inner.reduce((a, b) => a + b, 0)];
}

function generate(seed: number): {
  language: string;
  prompt: string;
  sceneCount: number;
  clauses: [number, number];
} {
  const r = seededRandom(`languages-${seed}`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const language = pick(Object.keys(BANKS));
  const bank = BANKS[language]!;
  const parts: string[] = [];
  if (r() < 0.5) parts.push(pick(bank.topics));
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) parts.push(r() < 0.35 ? pick(bank.steered) : pick(bank.sentences));
  return {
    language,
    prompt: parts.join(r() < 0.2 ? '\n' : ' '),
    sceneCount: 1 + Math.floor(r() * 12),
    clauses: clauseRange(parts),
  };
}

describe('local script planner, in German, Spanish, Russian and Greek', () => {
  it('keeps every rule for 400 generated prompts and 1 to 12 scenes, also once refined', () => {
    const failures: string[] = [];
    for (let seed = 0; seed < 400; seed++) {
      const { language, prompt, sceneCount, clauses } = generate(seed);
      const scenes = planScript({ prompt, language, sceneCount });
      const found = problems(prompt, language, scenes, sceneCount, clauses);
      if (found.length > 0)
        failures.push(`[${language}] ${JSON.stringify(prompt)} × ${sceneCount}\n  ${found.join('\n  ')}`);
      const refined = refineScenes(scenes);
      const afterRefining = problems(prompt, language, refined, sceneCount, clauses);
      // The planner's sentences are already what the refiner wants: it changes none of them (a
      // Greek question keeps its ";").
      for (const [i, s] of refined.entries())
        if (s.narration !== scenes[i]!.narration)
          afterRefining.push(`refiner changed: ${scenes[i]!.narration}`);
      if (afterRefining.length > 0)
        failures.push(
          `[${language}] refined ${JSON.stringify(prompt)} × ${sceneCount}\n  ${afterRefining.join('\n  ')}`,
        );
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('generates every language, topics, steering and prompts too short for their scenes', () => {
    const cases = Array.from({ length: 400 }, (_, i) => generate(i));
    expect(new Set(cases.map((c) => c.language))).toEqual(new Set(Object.keys(BANKS)));
    expect(cases.some((c) => c.sceneCount > c.clauses[1])).toBe(true);
    expect(cases.some((c) => c.sceneCount < c.clauses[0])).toBe(true);
    for (const bank of Object.values(BANKS)) {
      expect(cases.some((c) => bank.topics.some((t) => c.prompt.includes(t)))).toBe(true);
      expect(cases.some((c) => bank.steered.some((t) => c.prompt.includes(t)))).toBe(true);
    }
  });

  it('catches broken scripts, so the rules can fail', () => {
    const prompt = 'Der Hund schläft.';
    const good = [{ visual_description: 'Der Hund, Nahaufnahme', narration: 'Der Hund schläft.' }];
    expect(problems(prompt, 'de', good, 1, [1, 1])).toEqual([]);
    const broken: [SceneDraft, RegExp][] = [
      [{ visual_description: 'Der Hund', narration: 'It begins with der Hund.' }, /English/],
      [{ visual_description: 'Der Hund, close-up', narration: 'Der Hund schläft.' }, /English/],
      [{ visual_description: 'Der Hund', narration: 'der Hund schläft.' }, /capital/],
      [{ visual_description: 'Der Hund', narration: 'Der Hund schläft' }, /end mark/],
      [{ visual_description: 'Der Hund', narration: 'Der Hund bellt.' }, /invents "bellt"/],
      // The old filler, and a shot's words in the narration, are no lead.
      [{ visual_description: 'Der Hund', narration: 'Noch einmal: der Hund schläft.' }, /invents "Noch"/],
      [
        { visual_description: 'Der Hund', narration: 'Der Hund schläft in Nahaufnahme.' },
        /invents "Nahaufnahme"/,
      ],
    ];
    for (const [scene, message] of broken)
      expect(problems(prompt, 'de', [scene], 1, [1, 1]).join('\n')).toMatch(message);
    // A prompt of one clause is one scene, however many are asked for: a second is padding.
    expect(problems(prompt, 'de', [...good, ...good], 4, [1, 1])).toEqual(['2 scenes, not 1']);
    expect(problems(prompt, 'de', good, 4, [1, 1])).toEqual([]);
  });

  it.each([
    [
      'de',
      'Ein kurzes Video über die Geschichte des Fahrrads. Beginne mit der Laufmaschine von 1817. Dann zeige, wie das Fahrrad die Städte verändert.',
      [
        'Dieses Video berichtet über die Geschichte des Fahrrads.',
        'Es beginnt mit der Laufmaschine von 1817.',
        'Wie das Fahrrad die Städte verändert.',
      ],
    ],
    [
      'es',
      'Un video sobre las abejas. Las abejas hacen miel. ¿Por qué son tan importantes?',
      ['Este video trata sobre las abejas.', 'Las abejas hacen miel.', '¿Por qué son tan importantes?'],
    ],
    [
      'ru',
      'Короткое видео о Москве. Москва была основана в 1147 году. Кремль стоит в центре города.',
      ['Это видео о Москве.', 'Москва была основана в 1147 году.', 'Кремль стоит в центре города.'],
    ],
    [
      'el',
      'Ένα βίντεο για την Ακρόπολη. Ο Παρθενώνας είναι αφιερωμένος στη θεά Αθηνά. Γιατί είναι τόσο σημαντική;',
      [
        'Αυτό το βίντεο είναι για την Ακρόπολη.',
        'Ο Παρθενώνας είναι αφιερωμένος στη θεά Αθηνά.',
        'Γιατί είναι τόσο σημαντική;',
      ],
    ],
  ])('[%s] %s', (language, prompt, narration) => {
    // Four scenes asked for, three sentences said: three scenes, the topic said as a sentence.
    const scenes = planScript({ prompt, language, sceneCount: 4 });
    expect(scenes.map((s) => s.narration)).toEqual(narration);
    expect(problems(prompt, language, scenes, 4, [3, 3])).toEqual([]);
  });

  it.each([
    ['de', 'Dann das Hochrad. Danach das Veloziped.', ['Es folgt das Hochrad.', 'Es folgt das Veloziped.']],
    ['es', 'Luego la Plaza Mayor. Después el Retiro.', ['Sigue la Plaza Mayor.', 'Sigue el Retiro.']],
    ['ru', 'Затем Красная площадь. Потом Кремль.', ['Далее — Красная площадь.', 'Далее — Кремль.']],
    ['el', 'Μετά το μουσείο. Έπειτα ο Παρθενώνας.', ['Ακολουθεί το μουσείο.', 'Ακολουθεί ο Παρθενώνας.']],
  ])('[%s] makes "then" and a noun phrase a sentence every time: %s', (language, prompt, narration) => {
    const scenes = planScript({ prompt, language, sceneCount: 3 });
    expect(scenes.map((s) => s.narration)).toEqual(narration);
    expect(problems(prompt, language, scenes, 3, [2, 2])).toEqual([]);
  });

  it('writes a non-English prompt in its own language even when the video was left at English', () => {
    const prompt = 'Короткое видео о Москве. Москва была основана в 1147 году.';
    const scenes = planScript({ prompt, language: 'en', sceneCount: 4 });
    expect(problems(prompt, 'ru', scenes, 4, [2, 2])).toEqual([]);
    expect(scenes[0]!.narration).toBe('Это видео о Москве.');
    const german = 'Ein Video über den Hund. Der Hund schläft und die Katze spielt mit dem Ball.';
    expect(
      problems(german, 'de', planScript({ prompt: german, language: 'en', sceneCount: 4 }), 4, [2, 3]),
    ).toEqual([]);
  });

  it('titles the picture of the topic with the preposition the subject was inflected for', () => {
    const scenes = planScript({
      prompt: 'Видео о Москве. Кремль стоит в центре города.',
      language: 'ru',
      sceneCount: 4,
    });
    const subjects = scenes.map((s) => s.visual_description.split(', ')[0]);
    expect(subjects[0]).toBe('О Москве');
    expect(subjects).not.toContain('Москве');
  });

  it('keeps a noun the start governs in its case: the lead is said again, the picture titled with it', () => {
    const scenes = planScript({
      prompt: 'Beginne mit der Laufmaschine von 1817. Beginne mit dem Hochrad.',
      language: 'de',
      sceneCount: 2,
    });
    expect(scenes.map((s) => s.narration)).toEqual([
      'Es beginnt mit der Laufmaschine von 1817.',
      'Es beginnt mit dem Hochrad.',
    ]);
    expect(scenes.map((s) => s.visual_description.split(', ')[0])).toEqual([
      'Mit der Laufmaschine von 1817',
      'Mit dem Hochrad',
    ]);
    const russian = planScript({ prompt: 'Начни с Кремля.', language: 'ru', sceneCount: 1 });
    expect(russian[0]!.visual_description.split(', ')[0]).toBe('С Кремля');
  });

  it('keeps an English video English when a word or two could be another language', () => {
    const scenes = planScript({ prompt: 'Die Hard review. Then the sequel.', language: 'en', sceneCount: 3 });
    expect(scenes.map((s) => s.narration)).toEqual(['Die Hard review.', 'Next comes the sequel.']);
    expect(scenes.map((s) => s.visual_description).join(' ')).not.toMatch(
      /Nahaufnahme|Licht|Himmel|Es folgt|Dieses Video/,
    );
  });
});
