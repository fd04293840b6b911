import { describe, expect, it } from 'vitest';
import { segmentSentences, splitSentences } from '../common/text';
import { refineScenes } from '../refining/scene.refiner';
import { LocalScriptProvider } from './local-script.provider';
import { planScript } from './script.planner';

const BEES = 'A short explainer about how bees make honey. Show the hive, the flowers, and the beekeeper.';
const ROME =
  'The Roman Empire rose from a small city on the Tiber. It conquered the whole Mediterranean. ' +
  'Its roads and laws outlived it. Then it split in two and the western half fell in 476.';

const ROME_SENTENCES = [
  'The Roman Empire rose from a small city on the Tiber.',
  'It conquered the whole Mediterranean.',
  'Its roads and laws outlived it.',
  'Then it split in two and the western half fell in 476.',
];

const BICYCLE =
  'A short documentary about the history of the bicycle. Start with the draisine of 1817. ' +
  'Then the velocipede of the 1860s. Then the penny-farthing. End with the future of urban cycling.';
const BICYCLE_LINES = [
  'This video is about the history of the bicycle.',
  'It begins with the draisine of 1817.',
  'Next comes the velocipede of the 1860s.',
  'Then comes the penny-farthing.',
  'It ends with the future of urban cycling.',
];

const narrationOf = (scenes: { narration: string }[]) => scenes.map((s) => s.narration).join(' ');
const allText = (scenes: { narration: string; visual_description: string }[]) =>
  scenes.map((s) => `${s.visual_description} ${s.narration}`).join(' ');

describe('local script planner', () => {
  it('writes the requested number of scenes while the prompt has clauses for them, from 1 to 12', () => {
    // BEES has four clauses (its subject, the hive, the flowers, the beekeeper), ROME four sentences.
    for (let n = 1; n <= 12; n++) {
      const scenes = planScript({ prompt: BEES, sceneCount: n });
      expect(scenes).toHaveLength(Math.min(n, 4));
      expect(planScript({ prompt: ROME, sceneCount: n })).toHaveLength(Math.min(n, 4));
      for (const s of scenes) {
        expect(s.visual_description.trim()).not.toBe('');
        expect(s.narration.trim()).not.toBe('');
      }
    }
  });

  it('rejects scene counts that are not positive integers', () => {
    expect(() => planScript({ prompt: BEES, sceneCount: 0 })).toThrow(RangeError);
    expect(() => planScript({ prompt: BEES, sceneCount: 2.5 })).toThrow(RangeError);
  });

  it('is deterministic: the same input gives the same script', async () => {
    const provider = new LocalScriptProvider();
    const a = await provider.writeScript({
      prompt: ROME,
      language: 'en',
      sceneCount: 5,
      feedback: 'more about the roads',
    });
    const b = await provider.writeScript({
      prompt: ROME,
      language: 'en',
      sceneCount: 5,
      feedback: 'more about the roads',
    });
    expect(b).toEqual(a);
  });

  it('writes 1-3 sentences of prose per scene that end in punctuation', () => {
    for (const feedback of [undefined, 'shorter', 'more detail']) {
      for (const s of planScript({ prompt: ROME, sceneCount: 6, feedback })) {
        const sentences = splitSentences(s.narration);
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(3);
        expect(s.narration).toMatch(/[.!?]$/);
        expect(s.narration.length).toBeLessThanOrEqual(400);
      }
    }
  });

  it("narrates the prompt's own sentences in order and talks about its subjects", () => {
    const scenes = planScript({ prompt: ROME, sceneCount: 4 });
    const narration = narrationOf(scenes);
    const positions = ROME_SENTENCES.map((sentence) => narration.indexOf(sentence));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // No templated lead-in: the first scene opens with the prompt's first sentence, and each
    // picture names its sentence's subject, or says what "it" did with what "it" stands for.
    expect(scenes[0]!.narration).toBe('The Roman Empire rose from a small city on the Tiber.');
    expect(scenes.map((s) => s.visual_description.split(',')[0])).toEqual([
      'The Roman Empire',
      'The Roman Empire conquered the whole Mediterranean',
      'Its roads and laws',
      'The western half',
    ]);
  });

  it('turns what the prompt asks to be shown into the subjects of scenes', () => {
    const descriptions = planScript({ prompt: BEES, sceneCount: 5 })
      .map((s) => s.visual_description)
      .join(' | ');
    for (const subject of ['hive', 'flowers', 'beekeeper']) expect(descriptions).toContain(subject);
    // The request itself ("a short explainer about") is not read out as narration.
    expect(narrationOf(planScript({ prompt: BEES, sceneCount: 5 }))).not.toMatch(/short explainer/i);
  });

  it('changes the script visibly when feedback is given and works its keywords in', () => {
    const before = planScript({ prompt: BEES, sceneCount: 4 });
    const after = planScript({
      prompt: BEES,
      sceneCount: 4,
      feedback: 'Mention the queen and pollen',
      previous: before,
    });
    expect(after).not.toEqual(before);
    const text = allText(after);
    expect(text).toContain('queen');
    expect(text).toContain('pollen');
    expect(allText(before)).not.toContain('queen');
    // Every picture carries a feedback keyword; the narration says what was asked for once,
    // like any clause, instead of repeating it in every scene.
    for (const s of after) expect(s.visual_description).toMatch(/queen|pollen/);
    expect(narrationOf(after).match(/queen and pollen/gi)).toHaveLength(1);
  });

  it('keeps the prompt narration and still works the feedback in when the prompt has many sentences', () => {
    const scenes = planScript({ prompt: ROME, sceneCount: 4, feedback: 'Talk about the aqueducts' });
    for (const s of scenes) expect(s.visual_description).toContain('aqueducts');
    expect(narrationOf(scenes).match(/aqueducts/g)).toHaveLength(1);
    for (const sentence of ROME_SENTENCES) expect(narrationOf(scenes)).toContain(sentence);
  });

  it('reads out neither critique nor what the prompt already says', () => {
    const plain = planScript({ prompt: ROME, sceneCount: 4 });
    for (const feedback of ['The narration is boring', 'more about the roads', 'Make it shorter please']) {
      const scenes = planScript({ prompt: ROME, sceneCount: 4, feedback });
      expect(scenes.map((s) => s.narration)).toEqual(plain.map((s) => s.narration));
    }
  });

  it('honours "shorter" and "more detail" hints', () => {
    const length = (feedback?: string) =>
      planScript({ prompt: ROME, sceneCount: 5, feedback }).reduce(
        (sum, s) => sum + s.narration.length + s.visual_description.length,
        0,
      );
    const normal = length();
    expect(length('Make it shorter please')).toBeLessThan(normal * 0.8);
    expect(length('I want more detail')).toBeGreaterThan(normal * 1.15);
    const short = planScript({ prompt: ROME, sceneCount: 5, feedback: 'too long, be concise' });
    for (const s of short) expect(splitSentences(s.narration)).toHaveLength(1);
  });

  it('varies wording between neighbouring scenes', () => {
    const scenes = planScript({ prompt: ROME, sceneCount: 8 });
    // "Subject, shot, light": the shot is the second part.
    const shots = scenes.map((s) => s.visual_description.split(', ')[1]);
    for (let i = 1; i < scenes.length; i++) {
      expect(shots[i]).not.toBe(shots[i - 1]);
      expect(scenes[i]!.narration).not.toBe(scenes[i - 1]!.narration);
    }
  });

  it('gives a different take when regenerated with empty feedback', () => {
    const first = planScript({ prompt: ROME, sceneCount: 3 });
    const again = planScript({ prompt: ROME, sceneCount: 3, feedback: '', previous: first });
    expect(again).toHaveLength(3);
    expect(again).not.toEqual(first);
    // ...and that take is itself reproducible.
    expect(planScript({ prompt: ROME, sceneCount: 3, feedback: '', previous: first })).toEqual(again);
  });

  it('copes with one-word, very long and non-English prompts, and survives refining unchanged in count', () => {
    const long = `${'The river carries silt from the mountains to the sea, '.repeat(40)}and the delta grows every year.`;
    for (const [prompt, count] of [
      ['cats', 1],
      [long, 2],
      ['Le château de Versailles fut construit sous Louis XIV.', 1],
      ['   ', 1],
    ] as const) {
      const scenes = planScript({ prompt, sceneCount: 3 });
      expect(scenes).toHaveLength(count);
      const refined = refineScenes(scenes);
      expect(refined).toHaveLength(count);
      for (const s of refined) {
        expect(s.narration.length).toBeLessThanOrEqual(400);
        expect(s.visual_description.length).toBeLessThanOrEqual(160);
      }
    }
    // The one word opens the sentences it is in, so it is capitalised there.
    expect(allText(planScript({ prompt: 'cats', sceneCount: 2 }))).toMatch(/\bcats\b/i);
  });

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

  it('says less rather than pad: a prompt with fewer clauses than scenes gets one scene per clause', () => {
    // Twelve scenes asked for, five clauses said: the same five scenes as at five, nothing added.
    expect(planScript({ prompt: BICYCLE, sceneCount: 12 })).toEqual(
      planScript({ prompt: BICYCLE, sceneCount: 5 }),
    );
    expect(planScript({ prompt: 'Honey bees turn nectar into honey.', sceneCount: 3 })).toEqual([
      expect.objectContaining({ narration: 'Honey bees turn nectar into honey.' }),
    ]);
    // A prompt with nothing to say gets one scene that says so, not invented words.
    const blank = planScript({ prompt: '  \n ', sceneCount: 6 });
    expect(blank.map((s) => s.narration)).toEqual(['Scene 1.']);
    expect(blank[0]!.visual_description.trim()).not.toBe('');
    // Fewer clauses than scenes: nothing but the prompt's clauses and the planner's leads.
    for (const n of [5, 8, 12])
      expect(narrationOf(planScript({ prompt: BICYCLE, sceneCount: n }))).not.toMatch(
        /More on|A closer look|continued|Another view|up close|Back to|another angle|A further look/,
      );
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

  it('stops when the caller has already given up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      new LocalScriptProvider().writeScript(
        { prompt: BEES, language: 'en', sceneCount: 2 },
        controller.signal,
      ),
    ).rejects.toThrow();
  });
});
