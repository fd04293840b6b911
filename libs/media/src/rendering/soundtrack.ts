import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { outputPaths } from '../common/atomic-file';
import { cardFrames } from '../common/branding/brand-style';
import { RenderError, throwIfAborted } from '../common/media.errors';
import { type AspectRatio, frameSize, type RenderOutputOptions } from '../common/media.types';
import { type MusicInput, measureFilter, mixFilters, normaliseFilter, parseLoudness } from './audio-mix';
import { FFMPEG_COMMON_ARGS, runFfmpeg } from './ffmpeg-process';
import { planTimeline, SAMPLE_RATE } from './render-plan';

export interface SoundtrackScene {
  audioPath: string;
  durationSeconds: number;
  /** The first scene's picture becomes the thumbnail; the others' are not opened. */
  imagePath: string;
}

export interface SoundtrackInput {
  scenes: SoundtrackScene[];
  aspectRatio: AspectRatio;
  /** Where the soundtrack's files go (SOUNDTRACK_FILE_NAMES). */
  outDir: string;
  music?: MusicInput | null;
  /** Frame size (the thumbnail's) and rate (the cards' lengths); left out, 720p. */
  output?: RenderOutputOptions;
  /** The brand's intro and outro cards are silent: the soundtrack is longer by their lengths. */
  brand?: CardLengths | null;
}

/** All the soundtrack needs of a brand: how long its cards last. */
export interface CardLengths {
  intro: { seconds: number } | null;
  outro: { seconds: number } | null;
}

/** A video's audio made before its picture is joined: every file of it but the MP4. */
export interface Soundtrack {
  /** The MP4's audio track as it is muxed: the ducked mix, loudness-normalised, AAC. */
  mixPath: string;
  /** The narration alone (narration.m4a), not normalised. */
  narrationPath: string;
  thumbnailPath: string;
}

export const SOUNDTRACK_FILE_NAMES = {
  mix: 'soundtrack.m4a',
  narration: 'narration.m4a',
  thumbnail: 'thumbnail.jpg',
} as const;

export const AAC_ARGS = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-movflags', '+faststart'];

/** The audio of the brand's cards and the scenes, in samples: the video's timeline. */
export function soundtrackSamples(
  scenes: readonly { durationSeconds: number }[],
  brand: CardLengths | null | undefined,
  fps: number,
): { intro: number; scenes: number[]; outro: number; total: number } {
  const card = (c: { seconds: number } | null | undefined) =>
    c ? Math.round((cardFrames(c.seconds, fps) / fps) * SAMPLE_RATE) : 0;
  const plan = planTimeline(
    scenes.map((s) => s.durationSeconds),
    fps,
  );
  const intro = card(brand?.intro);
  const outro = card(brand?.outro);
  return {
    intro,
    scenes: plan.samples,
    outro,
    total: intro + plan.samples.reduce((a, b) => a + b, 0) + outro,
  };
}

/** How the ffmpeg runs that finish a video (its soundtrack and its join) are run. */
export interface FinishOptions {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Scheduling niceness of their ffmpeg processes (0 unless given). */
  niceness?: number;
}

/**
 * The video's audio and thumbnail, in three ffmpeg runs, from the scenes' narration and the music
 * alone: it needs no segment, so it is made while the segments render. The first run builds the
 * narration (each scene's padded or trimmed to its segment's samples, so picture and voice stay in
 * step), the ducked music under it, the loudness measurement of that mix (ebur128) and the
 * thumbnail; the second brings the mix to the loudness target (normaliseFilter) and encodes it as
 * the MP4's audio track. The narration file, built from the same narration, is encoded by a run
 * of its own beside those two: each AAC encoder takes a core, and the soundtrack is the last piece
 * of a video, which waits for it with a core to spare (docs/decisions/0090-the-media-finishing-lane.md).
 * Files are written under temporary names and renamed into place once every run succeeded.
 */
export async function mixSoundtrack(
  ffmpegPath: string,
  input: SoundtrackInput,
  fps: number,
  opts: FinishOptions = {},
): Promise<Soundtrack> {
  const { signal, onProgress, niceness } = opts;
  const { scenes, outDir } = input;
  if (scenes.length === 0) throw new RenderError('Nothing to mix: no scenes');
  const { finals, temps } = outputPaths(outDir, SOUNDTRACK_FILE_NAMES);
  const work = await mkdtemp(path.join(outDir, '.soundtrack-'));
  const mixPath = path.join(work, 'mix.wav');
  const { width, height } = frameSize(input.aspectRatio, input.output?.resolution);
  const music = input.music ?? undefined;
  const samples = soundtrackSamples(scenes, input.brand, fps);
  const totalSeconds = samples.total / SAMPLE_RATE;
  const graph = mixGraph(scenes, music, samples);
  const voice = mixGraph(scenes, undefined, samples);
  const progress = (from: number) => (t: number) =>
    onProgress?.(from + 0.5 * Math.min(1, t / Math.max(totalSeconds, 0.001)));
  // The first failure stops the other runs, and is the one reported.
  const failed = new AbortController();
  const runs = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  const run = (args: string[], onTime?: (t: number) => void) =>
    runFfmpeg(ffmpegPath, args, { signal: runs, niceness, onTime });
  const stopOthers = (work: Promise<unknown>) =>
    work.catch((err) => {
      failed.abort(err);
      throw err;
    });
  try {
    const narration = run([
      ...FFMPEG_COMMON_ARGS,
      ...['-loglevel', 'error'],
      ...voice.inputs,
      '-filter_complex',
      [...voice.filters, '[mix]anullsink'].join(';'),
      ...['-map', '[narr]', ...AAC_ARGS, '-f', 'ipod', temps.narration],
    ]);
    const mix = (async () => {
      const stderr = await run(
        [
          ...FFMPEG_COMMON_ARGS,
          // ebur128 prints its summary at the info level.
          ...['-loglevel', 'info'],
          ...graph.inputs,
          '-filter_complex',
          [
            ...graph.filters,
            '[mix]asplit=2[mixout][measure]',
            `[measure]${measureFilter()}[measured]`,
            `[${graph.picture}:v]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1[thumb]`,
          ].join(';'),
          ...['-map', '[mixout]', '-c:a', 'pcm_f32le', '-f', 'wav', mixPath],
          // The narration goes to the other run's file; it is drained here by an output, not by an
          // `anullsink` in the graph, which left ffmpeg 9's looped music silent after its first loop.
          ...['-map', '[narr]', '-f', 'null', '-'],
          ...['-map', '[measured]', '-f', 'null', '-'],
          ...['-map', '[thumb]', '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3'],
          ...['-f', 'image2', '-update', '1', temps.thumbnail],
        ],
        progress(0),
      );
      await run(
        [
          ...FFMPEG_COMMON_ARGS,
          ...['-loglevel', 'error', '-i', mixPath],
          ...['-af', normaliseFilter(parseLoudness(stderr)), ...AAC_ARGS, '-f', 'ipod', temps.mix],
        ],
        progress(0.5),
      );
    })();
    // Both settle before the files are looked at or removed.
    const settled = await Promise.allSettled([narration, mix].map(stopOthers));
    if (settled.some((r) => r.status === 'rejected')) throw failed.signal.reason;
    for (const file of Object.values(temps)) {
      const info = await stat(file).catch(() => undefined);
      if (!info || info.size === 0)
        throw new RenderError(`ffmpeg finished without writing ${path.basename(file)}`);
    }
    throwIfAborted(signal);
    for (const key of ['mix', 'narration', 'thumbnail'] as const) await rename(temps[key], finals[key]);
  } catch (err) {
    await Promise.all(Object.values(temps).map((t) => rm(t, { force: true })));
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  onProgress?.(1);
  return { mixPath: finals.mix, narrationPath: finals.narration, thumbnailPath: finals.thumbnail };
}

/**
 * The inputs and filters that mix the narration (the cards' silence around it) and the ducked
 * music into `[narr]` and `[mix]` (mixFilters), with the first scene's picture as input `picture`
 * (the thumbnail's) and `next` the index of the first input after them.
 */
export function mixGraph(
  scenes: readonly SoundtrackScene[],
  music: MusicInput | undefined,
  samples: ReturnType<typeof soundtrackSamples>,
): { inputs: string[]; filters: string[]; picture: number; next: number } {
  const n = scenes.length;
  const picture = music ? n + 1 : n;
  const cards = [samples.intro, samples.outro].filter((c) => c > 0);
  const inputs = [
    ...scenes.flatMap((s) => ['-i', s.audioPath]),
    ...(music ? ['-stream_loop', '-1', '-i', music.path] : []),
    ...['-i', scenes[0]!.imagePath],
    ...cards.flatMap(() => ['-f', 'lavfi', '-i', `anullsrc=r=${SAMPLE_RATE}:cl=mono`]),
  ];
  // The cards are silence: one anullsrc input each, after the scenes, the music and the picture.
  const filters = mixFilters({
    narrationInputs: [
      ...(samples.intro ? [picture + 1] : []),
      ...scenes.map((_, i) => i),
      ...(samples.outro ? [picture + cards.length] : []),
    ],
    samples: [
      ...(samples.intro ? [samples.intro] : []),
      ...samples.scenes,
      ...(samples.outro ? [samples.outro] : []),
    ],
    totalSamples: samples.total,
    musicInput: music ? n : undefined,
    musicVolume: music?.volume,
  });
  return { inputs, filters, picture, next: picture + cards.length + 1 };
}
