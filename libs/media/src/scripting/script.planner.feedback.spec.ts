import { describe, expect, it } from 'vitest';
import { allText, BEES, narrationOf, ROME, ROME_SENTENCES } from '../../test/support/planner-prompts';
import { splitSentences } from '../common/text';
import { planScript } from './script.planner';

describe('local script planner, with feedback and when regenerated', () => {
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

  it('gives a different take when regenerated with empty feedback', () => {
    const first = planScript({ prompt: ROME, sceneCount: 3 });
    const again = planScript({ prompt: ROME, sceneCount: 3, feedback: '', previous: first });
    expect(again).toHaveLength(3);
    expect(again).not.toEqual(first);
    // ...and that take is itself reproducible.
    expect(planScript({ prompt: ROME, sceneCount: 3, feedback: '', previous: first })).toEqual(again);
  });
});
