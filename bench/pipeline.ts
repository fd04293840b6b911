/**
 * Pipeline overhead: wall time from POST /videos (auto_approve) to `completed` through the
 * real stack (api → Temporal → worker activities → PostgreSQL → ffmpeg), next to the same
 * provider calls and ffmpeg render run back to back in one plain script, and their ratio.
 *
 *   npm run bench:pipeline            (BENCH_RUNS=3 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildTimeline,
  FfmpegRenderer,
  LocalImageProvider,
  LocalScriptProvider,
  LocalSpeechProvider,
  refineScenes,
  resolveFfmpeg,
  toWebVtt,
} from '@vidgen/media';
import { startBenchStack } from './support';

const PROMPT =
  'A journey through the history of flight. Early dreamers watched birds. The Wright brothers flew at Kitty Hawk. ' +
  'Jet engines shrank the world. Rockets carried people to the Moon. Drones now fill the sky.';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function plainScript(sceneCount: number): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-plain-'));
  const t0 = performance.now();
  const drafts = await new LocalScriptProvider().writeScript({ prompt: PROMPT, sceneCount });
  const scenes = refineScenes(drafts);
  const images = new LocalImageProvider();
  const speech = new LocalSpeechProvider();
  const rendered = [];
  for (const [i, s] of scenes.entries()) {
    const img = await images.generateImage(
      {
        description: s.visual_description,
        caption: s.narration,
        sceneIndex: i,
        sceneCount,
        aspectRatio: '16:9',
        seed: 'bench',
      },
      path.join(dir, `scene-${i}.png`),
    );
    const wav = await speech.synthesize({ text: s.narration }, path.join(dir, `scene-${i}.wav`));
    rendered.push({
      imagePath: img.path,
      audioPath: wav.path,
      durationSeconds: wav.durationSeconds,
      narration: s.narration,
    });
  }
  const timeline = buildTimeline(rendered);
  toWebVtt(timeline.cues);
  await new FfmpegRenderer({ ffmpegPath: resolveFfmpeg(undefined) }).render({
    scenes: rendered,
    aspectRatio: '16:9',
    outDir: path.join(dir, 'out'),
  });
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return ms;
}

async function throughStack(baseUrl: string, key: string, sceneCount: number): Promise<number> {
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/videos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ prompt: PROMPT, scene_count: sceneCount, auto_approve: true }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const v = (await (await fetch(`${baseUrl}/videos/${id}`, { headers })).json()) as { status: string };
    if (v.status === 'completed') return performance.now() - t0;
    if (v.status === 'failed') throw new Error(`video ${id} failed: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const bench = await startBenchStack({ LOG_LEVEL: 'warn' });
  try {
    const key = await bench.key(10_000);
    await throughStack(bench.stack.baseUrl, key, 1); // warm-up: bundles, pools, espeak WASM
    await plainScript(1);
    console.log(`pipeline bench: ${RUNS} runs each, median wall time (local providers, ffmpeg)`);
    console.log('scenes | through api+Temporal+worker | plain script | ratio');
    for (const scenes of [5, 12]) {
      const stack: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        stack.push(await throughStack(bench.stack.baseUrl, key, scenes));
        plain.push(await plainScript(scenes));
      }
      const s = median(stack);
      const p = median(plain);
      console.log(
        `${String(scenes).padStart(6)} | ${`${(s / 1000).toFixed(2)} s`.padStart(27)} | ${`${(p / 1000).toFixed(2)} s`.padStart(12)} | ${(s / p).toFixed(2)}`,
      );
    }
  } finally {
    await bench.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
