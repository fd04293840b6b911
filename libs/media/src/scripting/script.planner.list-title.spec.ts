import { describe, expect, it } from 'vitest';
import { planScript } from './script.planner';

const narrations = (prompt: string, sceneCount: number) =>
  planScript({ prompt, language: 'en', sceneCount }).map((s) => s.narration);

const HABITS =
  'Five habits of highly productive people: wake early, plan the day, take breaks, exercise, and read every night.';

describe('a list is its items', () => {
  it('lets the title go before two items share a scene: five habits in five scenes are the five habits', () => {
    const scenes = narrations(HABITS, 5);
    expect(scenes).toHaveLength(5);
    expect(scenes.map((s) => s.toLowerCase())).toEqual([
      expect.stringContaining('wake early'),
      expect.stringContaining('plan the day'),
      expect.stringContaining('take breaks'),
      expect.stringContaining('exercise'),
      expect.stringContaining('read every night'),
    ]);
    expect(scenes.join(' ')).not.toMatch(/productive people/);
  });

  it('lets a topic said before its list go the same way', () => {
    const compost =
      'A guide to composting: collect kitchen scraps, mix them with dry leaves, turn the pile every week, and use the compost after three months.';
    expect(narrations(compost, 4)).toEqual([
      'Collect kitchen scraps.',
      'Mix them with dry leaves.',
      'Turn the pile every week.',
      'Use the compost after three months.',
    ]);
    expect(narrations(compost, 5)[0]).toBe('This video is about composting.');
  });

  it('keeps the title with the first items when the items alone do not fit either', () => {
    const scenes = narrations(HABITS, 3);
    expect(scenes).toHaveLength(3);
    expect(scenes[0]).toMatch(/^Five habits of highly productive people/);
  });

  it('keeps the title as an opening when it and every item fit', () => {
    const scenes = narrations(HABITS, 6);
    expect(scenes).toHaveLength(6);
    expect(scenes[0]).toMatch(/^Five habits of highly productive people/);
  });
});

describe('the pictures of a list whose title yielded', () => {
  it('keep the list’s subject: "their arms" are the octopuses’ arms, "some species" some octopuses', () => {
    const prompt =
      'Five surprising facts about octopuses: they have three hearts, blue blood, they can change colour, their arms can taste, and some species use tools';
    const pictures = planScript({ prompt, language: 'en', sceneCount: 5 }).map(
      (s) => s.visual_description.split(',')[0],
    );
    expect(pictures).toEqual([
      'Octopuses have three hearts',
      'Octopuses have blue blood',
      'Octopuses can change colour',
      "Octopuses' arms can taste",
      'Octopuses use tools',
    ]);
  });
});
