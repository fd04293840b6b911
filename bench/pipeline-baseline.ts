import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_CAPTIONS,
  DEFAULT_PIPER_VOICE,
  FfmpegRenderer,
  LocalImageProvider,
  LocalSpeechProvider,
  type RenderScene,
  resolveFfmpeg,
} from '@vidgen/media';

/**
 * The baseline of bench/pipeline.ts: the same media work as the production run — the local
 * pictures, the espeak narration and one ffmpeg render with the same look (Ken Burns, fades,
 * burned-in captions, ducked music) — done by a plain script in one process, with no api,
 * Temporal, PostgreSQL or storage in between. Pictures and narrations are made two at a time,
 * as two media activities would. Returns the wall-clock seconds and the video's length.
 */
export async function plainScript(
  narrations: string[],
  music: { path: string; volume: number },
  voice = DEFAULT_PIPER_VOICE,
): Promise<{ wallSeconds: number; videoSeconds: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-plain-'));
  const images = new LocalImageProvider();
  const speech = new LocalSpeechProvider({ piper: true });
  const renderer = new FfmpegRenderer({ ffmpegPath: resolveFfmpeg(process.env.FFMPEG_PATH) });
  const seed = 'bench-plain';
  try {
    const t0 = performance.now();
    const scenes: RenderScene[] = new Array(narrations.length);
    let next = 0;
    const worker = async () => {
      while (next < narrations.length) {
        const i = next++;
        const text = narrations[i]!;
        const image = await images.generateImage(
          { description: text, sceneIndex: i, sceneCount: narrations.length, aspectRatio: '16:9', seed },
          path.join(dir, `scene-${i}.png`),
        );
        const spoken = await speech.synthesize({ text, voice }, path.join(dir, `scene-${i}.wav`));
        scenes[i] = {
          imagePath: image.path,
          audioPath: spoken.path,
          durationSeconds: spoken.durationSeconds,
          narration: text,
        };
      }
    };
    await Promise.all([worker(), worker()]);
    const outDir = path.join(dir, 'out');
    mkdirSync(outDir);
    const out = await renderer.render({
      scenes,
      aspectRatio: '16:9',
      outDir,
      style: { motion: 'kenburns', transition: 'fade', captions: DEFAULT_CAPTIONS, seed },
      music,
    });
    return { wallSeconds: (performance.now() - t0) / 1000, videoSeconds: out.durationSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
