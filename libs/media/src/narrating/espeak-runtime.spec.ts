import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { mayLowerNiceness } from '../../../../test/support/niceness';
import { EspeakProcess } from './espeak-runtime';
import { parseWavHeader } from './wav';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** How many of a process's threads run at each niceness (a Linux thread's niceness is its own). */
function threadNiceness(pid: number): Map<number, number> {
  const count = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      count.set(nice, (count.get(nice) ?? 0) + 1);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return count;
}

/**
 * The most threads seen at each niceness while `run` was in flight, looked at every 5 ms, and
 * the last look's.
 */
async function nicenessWhile(
  pid: number,
  run: Promise<unknown>,
): Promise<{ most: Map<number, number>; last: Map<number, number> }> {
  const most = new Map<number, number>();
  let last = new Map<number, number>();
  let done = false;
  void run.finally(() => {
    done = true;
  });
  while (!done) {
    const now = threadNiceness(pid);
    if (done) break;
    last = now;
    for (const [nice, n] of now) most.set(nice, Math.max(most.get(nice) ?? 0, n));
    await sleep(5);
  }
  await run;
  return { most, last };
}

/** The command line of a running process, as Linux shows it. */
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

describe('espeak-ng as a separate program', () => {
  let espeak: EspeakProcess | undefined;
  afterEach(async () => {
    await espeak?.close();
  });

  it('speaks a sentence in a process of its own, which is gone after close', async () => {
    espeak = new EspeakProcess();
    expect(espeak.pid).toBeUndefined(); // nothing runs before the first request
    const run = await espeak.run(['-b', '1', '-v', 'en', '-w', '/out.wav', '-f', '/in.txt'], {
      files: { '/in.txt': 'The quick brown fox jumps over the lazy dog.' },
      readBack: '/out.wav',
    });
    const pid = espeak.pid!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(commandLine(pid)).toContain('espeak.main.');
    const wav = Buffer.from(run.file!);
    const info = parseWavHeader(wav, wav.length);
    expect(info.durationSeconds).toBeGreaterThan(1.5);
    expect(info.durationSeconds).toBeLessThan(5);

    // Phonemes through the same process, and several runs side by side.
    const [a, b] = await Promise.all([
      espeak.run(['-q', '--ipa', '-v', 'en-us', '-f', '/in.txt'], { files: { '/in.txt': 'Hello.' } }),
      espeak.run(['-q', '--ipa', '-v', 'de', '-f', '/in.txt'], { files: { '/in.txt': 'Guten Morgen.' } }),
    ]);
    expect(a.stdout.join(' ').trim()).toBe('həlˈoʊ');
    expect(b.stdout.join(' ').trim()).toBe('ɡˈuːtən mˈɔɾɡən');
    expect(espeak.pid).toBe(pid);

    await espeak.close();
    expect(espeak.pid).toBeUndefined();
    expect(alive(pid)).toBe(false);
  });

  it('rejects with espeak-ng’s error for an unknown voice and keeps serving', async () => {
    espeak = new EspeakProcess();
    await expect(
      espeak.run(['-v', 'xx-nosuchvoice', '-w', '/out.wav', '-f', '/in.txt'], {
        files: { '/in.txt': 'Hello' },
        readBack: '/out.wav',
      }),
    ).rejects.toThrow(/voice does not exist/);
    const run = await espeak.run(['-q', '--ipa', '-v', 'en', '-f', '/in.txt'], {
      files: { '/in.txt': 'Yes.' },
    });
    expect(run.stdout.join('').length).toBeGreaterThan(0);
  });

  it('gives every run an instance of its own: nothing of one run is left for the next', async () => {
    espeak = new EspeakProcess();
    // The first run writes a file, sets a voice and an option; the next ones see none of them.
    await espeak.run(['-q', '--ipa', '-v', 'de', '-w', '/left.wav', '-f', '/in.txt'], {
      files: { '/in.txt': 'Guten Morgen.' },
    });
    const next = await espeak.run(['-q', '--ipa', '-f', '/in.txt'], { files: { '/in.txt': 'Hello.' } });
    expect(next.stdout.join(' ').trim()).toBe('həlˈəʊ'); // espeak-ng's default voice, en
    await expect(espeak.run(['-q', '--ipa', '-f', '/left.wav'])).rejects.toThrow(/left\.wav/);
    // Many runs one after another, each answered in full from its own instance.
    const words = ['one', 'two', 'three', 'four', 'five', 'six'];
    const said = [];
    for (const word of words)
      said.push(
        (
          await espeak.run(['-q', '--ipa', '-v', 'en-us', '-f', '/in.txt'], { files: { '/in.txt': word } })
        ).stdout
          .join(' ')
          .trim(),
      );
    expect(said).toEqual(['wˈʌn', 'tˈuː', 'θɹˈiː', 'fˈoːɹ', 'fˈaɪv', 'sˈɪks']);
  });

  // A long text to speak: the run lasts long enough to be looked at.
  const long = {
    files: { '/in.txt': 'This sentence is spoken again and again. '.repeat(40) },
    readBack: '/out.wav',
  };
  const speak = ['-b', '1', '-v', 'en', '-w', '/out.wav', '-f', '/in.txt'];

  it('runs a command at the niceness asked, and one that asks none at the program’s', async () => {
    espeak = new EspeakProcess();
    await espeak.run(['--version']);
    const pid = espeak.pid!;
    const niced = await nicenessWhile(pid, espeak.run(speak, { ...long, niceness: 15 }));
    expect(niced.most.get(15)).toBeGreaterThanOrEqual(1);
    const plain = await nicenessWhile(pid, espeak.run(speak, long));
    expect(plain.last.get(15)).toBeUndefined();
  });

  it.skipIf(!mayLowerNiceness())(
    'makes the next instance ahead at the niceness of the run before it, and a run that takes it goes at its own',
    async () => {
      espeak = new EspeakProcess();
      await espeak.run(['--version']);
      const pid = espeak.pid!;
      expect(threadNiceness(pid).get(15)).toBeUndefined();
      // After a run at 15 the instance made ahead for the next run waits at 15.
      await espeak.run(['-q', '--ipa', '-v', 'en', '-f', '/in.txt'], {
        files: { '/in.txt': 'Yes.' },
        niceness: 15,
      });
      const deadline = Date.now() + 10_000;
      while ((threadNiceness(pid).get(15) ?? 0) === 0 && Date.now() < deadline) await sleep(10);
      expect(threadNiceness(pid).get(15)).toBe(1);
      // A run of the program's niceness takes it back at once (and the next is made at 0).
      const plain = await nicenessWhile(pid, espeak.run(speak, long));
      expect(plain.last.get(15)).toBeUndefined();
      // Taken at 0, a run at 12 goes at 12, beside the next instance made ahead at 12.
      const niced = await nicenessWhile(pid, espeak.run(speak, { ...long, niceness: 12 }));
      expect(niced.most.get(12)).toBe(2);
    },
  );

  it('rejects a run at once when aborted, then serves the next one', async () => {
    espeak = new EspeakProcess();
    const controller = new AbortController();
    const long = 'This sentence is spoken again and again. '.repeat(200);
    const aborted = espeak.run(['-b', '1', '-v', 'en', '-w', '/out.wav', '-f', '/in.txt'], {
      files: { '/in.txt': long },
      readBack: '/out.wav',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(aborted).rejects.toThrow('stop');
    const run = await espeak.run(['-q', '--ipa', '-v', 'en', '-f', '/in.txt'], {
      files: { '/in.txt': 'No.' },
    });
    expect(run.stdout.join('').length).toBeGreaterThan(0);
  });

  it('starts again after the program dies, failing only the runs it had in hand', async () => {
    espeak = new EspeakProcess();
    await espeak.run(['--version']);
    const first = espeak.pid!;
    const inFlight = espeak.run(['-b', '1', '-v', 'en', '-w', '/out.wav', '-f', '/in.txt'], {
      files: { '/in.txt': 'Words. '.repeat(300) },
      readBack: '/out.wav',
    });
    process.kill(first, 'SIGKILL');
    await expect(inFlight).rejects.toThrow(/espeak-ng process ended with SIGKILL/);
    const run = await espeak.run(['--version']);
    expect(run.stdout[0]).toMatch(/eSpeak NG/);
    expect(espeak.pid).not.toBe(first);
  });
});
