/**
 * Offline speech speed and memory: the same twenty sentences spoken by espeak-ng and by the
 * default Piper voice (en_US-joe-medium), one after another in this process. Prints each
 * engine's synthesis seconds per second of speech (lower is faster; 1.0 = real time), the
 * Piper voice's first use (checksum and session load), and this process's resident memory
 * before and after the voice is loaded. The worker's own peak with the voice loaded is
 * `rss_mb.media_worker` (bench/pipeline.ts and bench/throughput.ts).
 *
 *   npm run bench:speech [-- --json <file>]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_PIPER_VOICE, LocalSpeechProvider, piperVoiceDirs } from '@vidgen/media';
import { writeFigures } from './figures';
import { SENTENCES } from './speech-sentences';

function rssMb(): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  return kb / 1024;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-speech-'));
  const speech = new LocalSpeechProvider({ piper: true, voicesDir: piperVoiceDirs(undefined)[0] });
  const engines = [
    { name: 'espeak', voice: 'en-us' },
    { name: 'piper', voice: DEFAULT_PIPER_VOICE },
  ];
  // Warm espeak-ng's WASM build (compiled once per process) before anything is measured.
  await speech.synthesize({ text: 'Warm up.', voice: 'en-us' }, path.join(dir, 'warm-espeak.wav'));
  const rssBefore = rssMb();
  const t0 = performance.now();
  await speech.synthesize({ text: 'Warm up.', voice: DEFAULT_PIPER_VOICE }, path.join(dir, 'warm-piper.wav'));
  const firstUse = (performance.now() - t0) / 1000;
  const rssAfter = rssMb();

  const figures: Record<string, number> = {
    'speech.piper_first_use_seconds': firstUse,
    'speech.rss_mb_before_voice': rssBefore,
    'speech.rss_mb_one_voice': rssAfter,
  };
  console.log(`speech bench: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log('engine  | synthesis s | speech s | s per s of speech');
  for (const engine of engines) {
    let synth = 0;
    let spoken = 0;
    for (const [i, text] of SENTENCES.entries()) {
      const t = performance.now();
      const out = await speech.synthesize(
        { text, voice: engine.voice },
        path.join(dir, `${engine.name}-${i}.wav`),
      );
      synth += (performance.now() - t) / 1000;
      spoken += out.durationSeconds;
    }
    figures[`speech.${engine.name}_seconds_per_speech_second`] = synth / spoken;
    console.log(
      `${engine.name.padEnd(7)} | ${synth.toFixed(2).padStart(11)} | ${spoken.toFixed(1).padStart(8)} | ${(synth / spoken).toFixed(3)}`,
    );
  }
  console.log(
    `Piper first use (checksum + session): ${firstUse.toFixed(2)} s; RSS ${rssBefore.toFixed(0)} MB before the voice, ${rssAfter.toFixed(0)} MB with it`,
  );
  writeFigures(figures);
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
