import { describe, expect, it } from 'vitest';
import { LocalScriptProvider } from './local-script.provider';

const planner = new LocalScriptProvider();
const written = (prompt: string, sceneCount = 5, language = 'en') =>
  planner.writeReported({ prompt, sceneCount, language });

describe('a planned script warns when its prompt asks for writing the planner cannot do', () => {
  it('warns for an instruction with one idea, a question and a topic, saying how to connect a model', async () => {
    for (const prompt of [
      'Explain how a rainbow forms',
      'Why do cats purr? Three theories scientists discuss.',
      'A short video about honey bees.',
    ]) {
      const script = await written(prompt);
      expect(script.source, prompt).toBe('planner');
      expect(script.warnings, prompt).toHaveLength(1);
      const [warning] = script.warnings;
      expect(warning!.code).toBe('planner_cannot_write');
      expect(warning!.message).toMatch(/Ollama/);
      expect(warning!.message).toMatch(/SCRIPT_PROVIDER=openai/);
      expect(warning!.message).toMatch(/SCRIPT_BASE_URL/);
    }
  });

  it('says nothing of a prompt that gives a scene per idea', async () => {
    const habits =
      'Five habits of highly productive people: wake early, plan the day, take breaks, exercise, and read every night.';
    expect((await written(habits, 6)).warnings).toEqual([]);
    const story =
      'Start with the draisine of 1817. Then show the penny-farthing. End with the modern road bike.';
    expect((await written(story, 3)).warnings).toEqual([]);
  });

  it('says nothing of a blank prompt (the client sends scenes or nothing)', async () => {
    expect((await written('', 1)).warnings).toEqual([]);
  });
});
