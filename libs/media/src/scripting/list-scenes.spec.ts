import { describe, expect, it } from 'vitest';
import { listSceneCount } from './list-scenes';

describe('the scene count of a list the client gave no count for', () => {
  it('is a scene per item plus the title, up to the maximum', () => {
    const habits =
      'Five habits of highly productive people: wake early, plan the day, take breaks, exercise, and read every night.';
    expect(listSceneCount(habits, 'en', 12)).toBe(6);
    expect(
      listSceneCount(
        'Ten things to pack: a tent, a stove, a map, a torch, a knife, boots, socks, a hat, water and matches.',
        'en',
        8,
      ),
    ).toBe(8);
  });

  it('is left to the default for a prompt that holds no list', () => {
    expect(listSceneCount('Explain how a rainbow forms', 'en', 12)).toBeUndefined();
    expect(listSceneCount('', 'en', 12)).toBeUndefined();
    expect(listSceneCount(undefined, 'en', 12)).toBeUndefined();
  });
});
