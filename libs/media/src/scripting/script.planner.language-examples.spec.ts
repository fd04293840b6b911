import { describe, expect, it } from 'vitest';
import { problems } from '../../test/support/language-rules';
import { planScript } from './script.planner';

describe('local script planner, in German, Spanish, Russian and Greek, on real prompts', () => {
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
