import { describe, expect, it } from 'vitest';
import { BEES, BICYCLE, BICYCLE_LINES, narrationOf } from '../../test/support/planner-prompts';
import { segmentSentences } from '../common/text';
import { planScript } from './script.planner';

describe('local script planner: clauses, their leads and their pictures', () => {
  it("turns steering words into full sentences and keeps the prompt's order", () => {
    const scenes = planScript({ prompt: BICYCLE, sceneCount: 5 });
    expect(scenes.map((s) => s.narration)).toEqual(BICYCLE_LINES);
    expect(scenes.map((s) => s.visual_description.split(', ')[0])).toEqual([
      'The history of the bicycle',
      'The draisine of 1817',
      'The velocipede of the 1860s',
      'The penny-farthing',
      'The future of urban cycling',
    ]);
  });

  it('makes a noun phrase a sentence with a short lead, worded anew each time it comes back', () => {
    const thens = 'Then the lantern. Then the kettle. Then the anvil. Then the loom.';
    expect(planScript({ prompt: thens, sceneCount: 4 }).map((s) => s.narration)).toEqual([
      'Next comes the lantern.',
      'Then comes the kettle.',
      'After that comes the anvil.',
      'Then comes the loom.',
    ]);
    const shows = 'Show the hive. Show the flowers. Show the beekeeper.';
    expect(planScript({ prompt: shows, sceneCount: 3 }).map((s) => s.narration)).toEqual([
      'Here we see the hive.',
      'We also see the flowers.',
      'Next we see the beekeeper.',
    ]);
    // A clause with a verb of its own is a sentence already: no lead.
    expect(planScript({ prompt: 'Then the bicycle changed the cities.', sceneCount: 1 })[0]!.narration).toBe(
      'The bicycle changed the cities.',
    );
    expect(planScript({ prompt: 'Show that the queen lays eggs.', sceneCount: 1 })[0]!.narration).toBe(
      'The queen lays eggs.',
    );
    // The items of a list split over scenes are each shown, the first with the list's own lead.
    const start = 'Start with the draisine, the velocipede and the penny-farthing.';
    expect(planScript({ prompt: start, sceneCount: 3 }).map((s) => s.narration)).toEqual([
      'It begins with the draisine.',
      'Next comes the velocipede.',
      'Then comes the penny-farthing.',
    ]);
  });

  it('splits sentences into clauses before it writes fewer scenes', () => {
    const question = 'How do noise-cancelling headphones work, and why do they sometimes hiss?';
    expect(planScript({ prompt: question, sceneCount: 2 }).map((s) => s.narration)).toEqual([
      'How do noise-cancelling headphones work?',
      'Why do they sometimes hiss?',
    ]);
    expect(planScript({ prompt: question, sceneCount: 1 })[0]!.narration).toBe(question);
    expect(planScript({ prompt: BEES, sceneCount: 4 }).map((s) => s.narration)).toEqual([
      'This video is about how bees make honey.',
      'Here we see the hive.',
      'We also see the flowers.',
      'Next we see the beekeeper.',
    ]);
    expect(planScript({ prompt: BEES, sceneCount: 3 })[1]!.narration).toBe(
      'Here we see the hive and the flowers.',
    );
    // The strongest boundary goes first: the colon, then the items of an inline numbered list.
    const tips = 'Top 5 tips for better sleep: 1. keep a schedule 2. avoid screens 3. cool room';
    expect(planScript({ prompt: tips, sceneCount: 2 }).map((s) => s.narration)).toEqual([
      'Top 5 tips for better sleep.',
      'Keep a schedule, avoid screens, cool room.',
    ]);
    expect(planScript({ prompt: tips, sceneCount: 4 }).map((s) => s.narration)).toEqual([
      'Top 5 tips for better sleep.',
      'Keep a schedule.',
      'Avoid screens.',
      'Cool room.',
    ]);
    // Prose is split only between whole clauses, never inside a list of things.
    const prose = 'Rome conquered Gaul, Spain, and Egypt, and the western half of the empire fell in 476.';
    expect(planScript({ prompt: prose, sceneCount: 2 }).map((s) => s.narration)).toEqual([
      'Rome conquered Gaul, Spain, and Egypt.',
      'The western half of the empire fell in 476.',
    ]);
  });

  it('drops requests about the video itself and says a start once', () => {
    const prompt =
      'Keep it under a minute. Can you include the penny-farthing? Explain tides to a 10 year old. ' +
      'Show that the queen lays eggs. ' +
      'Start with cats. Begin with dogs. Use a calm tone.';
    expect(planScript({ prompt, sceneCount: 5 }).map((s) => s.narration)).toEqual([
      'Here we see the penny-farthing.',
      'We also see tides.',
      'The queen lays eggs.',
      'It begins with cats.',
      'It continues with dogs.',
    ]);
  });

  it('splits German, Greek, Russian and Japanese prompts by their own sentence rules, in order', () => {
    const prompts: [string, string][] = [
      ['de', 'Die Geschichte des Fahrrads. Sie beginnt 1817, z. B. mit Karl Drais. Dann kam das Hochrad.'],
      ['el', 'Η ιστορία του ποδηλάτου. Ξεκινά το 1817 με τη δραιζίνα. Μετά έρχεται το βελοσιπέδ.'],
      ['ru', 'История велосипеда. Всё началось в 1817 году. Потом появился велосипед с большим колесом.'],
      ['ja', '自転車の歴史。1817年のドライジーネから始まる。次にベロシペード！'],
    ];
    for (const [language, prompt] of prompts) {
      const sentences = segmentSentences(prompt, language);
      expect(sentences).toHaveLength(3);
      for (const lang of [language, undefined, 'not a language!']) {
        const narration = narrationOf(planScript({ prompt, sceneCount: 5, language: lang }));
        const positions = sentences.map((sentence) => narration.indexOf(sentence));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      }
    }
  });

  it('pictures each item of a list of instructions by its own words, verbs included', () => {
    const prompt =
      'Five tips for better sleep:\n- keep a regular schedule\n- keep the bedroom cool and dark\n' +
      '- cut caffeine after noon\n- get morning sunlight';
    const scenes = planScript({ prompt, sceneCount: 5 });
    expect(scenes.map((s) => s.narration)).toEqual([
      'Five tips for better sleep.',
      'Keep a regular schedule.',
      'Keep the bedroom cool and dark.',
      'Cut caffeine after noon.',
      'Get morning sunlight.',
    ]);
    // "Cut" is also a past tense; it must not send the picture back to the scene before.
    expect(scenes[3]!.visual_description).toMatch(/^Cut caffeine after noon,/);
  });

  it('pictures a yes-no question by the phrase after its opening verb', () => {
    const scenes = planScript({ prompt: 'Is the penny-farthing safe to ride today?', sceneCount: 1 });
    expect(scenes[0]!.visual_description).toMatch(/^The penny-farthing\b/);
  });

  it('says an asked-for explanation as a sentence, not a bare "how" clause', () => {
    const scenes = planScript({ prompt: 'Explain how a rainbow forms', sceneCount: 4 });
    expect(scenes.map((s) => s.narration)).toEqual(['Here we see how a rainbow forms.']);
    expect(scenes[0]!.visual_description).toMatch(/^How a rainbow forms,/);
  });
});
