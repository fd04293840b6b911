import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { mayLowerNiceness } from '../../../../../test/support/niceness';
import { phonemeIds } from './piper-phonemes';
import { piperRuntimeThreads, runPiper } from './piper-runtime';
import { DEFAULT_PIPER_VOICE, findPiperVoices, missingVoiceMessage, toolsVoicesDir } from './piper-voices';

function installed() {
  const voice = findPiperVoices([toolsVoicesDir()]).find((v) => v.name === DEFAULT_PIPER_VOICE);
  if (!voice) throw new Error(missingVoiceMessage(DEFAULT_PIPER_VOICE, [toolsVoicesDir()]));
  return voice;
}

/**
 * This process's threads at a niceness (a Linux thread's niceness is its own:
 * /proc/self/task/<id>/stat); a thread that ends while it is read is not counted.
 */
function threadsAt(nice: number): string[] {
  return readdirSync('/proc/self/task').filter((t) => {
    try {
      const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice;
    } catch {
      return false;
    }
  });
}

/**
 * The voice runtime's queue and niceness (docs/decisions/0078-voice-runtime-queue-by-priority.md,
 * docs/decisions/0084-the-media-first-lane.md, docs/decisions/0085-fair-within-a-rank.md), with
 * the project's Piper voice.
 */
describe('the Piper voice runtime', () => {
  it('speaks a more urgent narration’s sentences before those already waiting, after the one in hand', async () => {
    const voice = installed();
    // One runtime thread (PIPER_THREADS unset), started by the first sentence if none has been.
    expect(piperRuntimeThreads()).toBeLessThanOrEqual(1);
    const ids = phonemeIds(
      'ðə bˈoʊts lˈiːv ðə hˈɑːɹbɚ æt dˈɔːn.'.normalize('NFD'),
      voice.config.phoneme_id_map,
    );
    const scales: [number, number, number] = [0.667, 1, 0.8];
    const spoken: string[] = [];
    const say = (label: string, priority?: number) =>
      runPiper({ model: voice.modelPath, ids, scales, priority }).then((audio) => {
        expect(audio.length).toBeGreaterThan(0);
        spoken.push(label);
      });
    // A batch row's narration (key 12) has its three sentences in; an account's only video
    // (key 2) then sends two, and a narration without a key (0) one.
    const all = [say('row 1', 12), say('row 2', 12), say('row 3', 12), say('only 1', 2), say('only 2', 2)];
    all.push(say('unkeyed'));
    await Promise.all(all);
    expect(spoken).toEqual(['row 1', 'unkeyed', 'only 1', 'only 2', 'row 2', 'row 3']);
  });

  it('speaks, of sentences with one priority, the heavier narration’s first (how far its video is), equal weights in order', async () => {
    const voice = installed();
    const ids = phonemeIds(
      'ðə bˈoʊts lˈiːv ðə hˈɑːɹbɚ æt dˈɔːn.'.normalize('NFD'),
      voice.config.phoneme_id_map,
    );
    const scales: [number, number, number] = [0.667, 1, 0.8];
    const spoken: string[] = [];
    const say = (label: string, priority: number, weight?: number) =>
      runPiper({ model: voice.modelPath, ids, scales, priority, weight }).then(() => {
        spoken.push(label);
      });
    await Promise.all([
      say('in hand', 6),
      say('light 1', 6),
      say('light 2', 6, 1),
      say('heavy', 6, 5),
      say('heavier', 6, 9),
      say('more urgent', 4),
      say('later key', 8, 20),
    ]);
    expect(spoken).toEqual(['in hand', 'more urgent', 'heavier', 'heavy', 'light 1', 'light 2', 'later key']);
  });

  // Only a process that may lower a niceness again takes one back.
  const mayLower = mayLowerNiceness();

  it.skipIf(!mayLower)(
    'speaks a sentence that yields with its runtime and op threads niced, and the next one that does not at the process’s niceness',
    async () => {
      const voice = installed();
      const ids = phonemeIds(
        'ðə bˈoʊts lˈiːv ðə hˈɑːɹbɚ æt dˈɔːn.'.normalize('NFD'),
        voice.config.phoneme_id_map,
      );
      const scales: [number, number, number] = [0.667, 1, 0.8];
      expect(threadsAt(15)).toEqual([]);
      await runPiper({ model: voice.modelPath, ids, scales, niceness: 15 });
      // The runtime thread, and with more than one core the session's op thread beside it.
      expect(threadsAt(15).length).toBeGreaterThanOrEqual(os.availableParallelism() > 1 ? 2 : 1);
      await runPiper({ model: voice.modelPath, ids, scales });
      expect(threadsAt(15)).toEqual([]);
    },
  );

  it.skipIf(!mayLower)(
    'lends a waiting sentence’s niceness to the niced sentence in hand, and the next sentence asks its own again',
    async () => {
      const voice = installed();
      const sentence = 'ðə bˈoʊts lˈiːv ðə hˈɑːɹbɚ æt dˈɔːn. '.repeat(12).trim();
      const ids = phonemeIds(sentence.normalize('NFD'), voice.config.phoneme_id_map);
      const short = phonemeIds('ðə bˈoʊts.'.normalize('NFD'), voice.config.phoneme_id_map);
      const scales: [number, number, number] = [0.667, 1, 0.8];
      // A yielding sentence in hand: its threads go to 15 when the runtime thread starts it.
      let inHandDone = false;
      const inHand = runPiper({ model: voice.modelPath, ids, scales, priority: 12, niceness: 15 }).then(
        (audio) => {
          inHandDone = true;
          return audio;
        },
      );
      // The runtime thread renices its threads one after another: wait for all of them.
      const threads = os.availableParallelism() > 1 ? 2 : 1;
      while (threadsAt(15).length < threads && !inHandDone) await new Promise((r) => setImmediate(r));
      expect(inHandDone).toBe(false);
      const niced = threadsAt(15);
      expect(niced.length).toBeGreaterThanOrEqual(threads);
      // An only video's sentence comes and waits: the one in hand runs at its niceness from now on.
      const urgent = runPiper({ model: voice.modelPath, ids: short, scales, priority: 2 });
      expect(threadsAt(15)).toEqual([]);
      expect(inHandDone).toBe(false);
      expect((await inHand).length).toBeGreaterThan(0);
      expect((await urgent).length).toBeGreaterThan(0);
      // The loan ended with its sentence: the next yielding one runs niced again.
      await runPiper({ model: voice.modelPath, ids: short, scales, niceness: 15 });
      expect(threadsAt(15).sort()).toEqual(niced.sort());
      await runPiper({ model: voice.modelPath, ids: short, scales });
      expect(threadsAt(15)).toEqual([]);
    },
  );
});
