import { copyFile, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { outputPaths } from '../common/atomic-file';
import { cardSvg, logoImageFromFile, renderSvgPng } from '../common/branding/brand-frame';
import {
  type BrandCardStyle,
  type BrandStyle,
  cardFrames,
  introOffsetSeconds,
  shiftVtt,
} from '../common/branding/brand-style';
import { RenderError, throwIfAborted } from '../common/media.errors';
import { type AspectRatio, frameSize, type RenderOutputOptions } from '../common/media.types';
import type { MusicInput } from './audio-mix';
import { FFMPEG_COMMON_ARGS, runFfmpeg } from './ffmpeg-process';
import { planTimeline, SAMPLE_RATE } from './render-plan';
import { SEGMENT_ENCODE_ARGS } from './segment';
import {
  AAC_ARGS,
  type FinishOptions,
  mixGraph,
  mixSoundtrack,
  type Soundtrack,
  soundtrackSamples,
} from './soundtrack';

export interface JoinScene {
  audioPath: string;
  durationSeconds: number;
  /** The first scene's picture becomes the thumbnail. */
  imagePath: string;
}

export interface JoinInput {
  /** The scenes' segment files, in order. */
  segments: string[];
  scenes: JoinScene[];
  aspectRatio: AspectRatio;
  outDir: string;
  music?: MusicInput | null;
  subtitlesVtt?: string;
  /** Frame size and rate; left out, 720p at the renderer's rate. */
  output?: RenderOutputOptions;
  /** The brand's intro and outro cards go before and after the scenes, silent. */
  brand?: BrandStyle | null;
  /**
   * The video's audio and thumbnail, made while the segments rendered (mixSoundtrack): the join
   * then only muxes. Left out, the join mixes them itself first; the scenes' narration files and
   * first picture are opened only then.
   */
  soundtrack?: Soundtrack;
}

export interface RenderOutput {
  videoPath: string;
  audioPath: string;
  thumbnailPath: string;
  subtitlesPath: string;
  durationSeconds: number;
}

export const RENDER_FILE_NAMES = {
  video: 'video.mp4',
  audio: 'narration.m4a',
  thumbnail: 'thumbnail.jpg',
  subtitles: 'subtitles.vtt',
} as const;

/**
 * The final assets from rendered segments: the soundtrack (given, or mixed here by
 * mixSoundtrack), then one ffmpeg run that copies the segments' video and the soundtrack's audio
 * into the MP4 as they are (no re-encode). Every output is written under a temporary name and
 * renamed into place once all succeeded; the video goes last, as its presence marks a render done.
 * A draft's join is one run of its own (below).
 */
export async function joinSegments(
  ffmpegPath: string,
  input: JoinInput,
  fps: number,
  opts: FinishOptions = {},
): Promise<RenderOutput> {
  const { signal, onProgress, niceness } = opts;
  const { scenes, outDir } = input;
  if (input.segments.length !== scenes.length || scenes.length === 0)
    throw new RenderError(`Cannot join ${input.segments.length} segments for ${scenes.length} scenes`);
  const plan = planTimeline(
    scenes.map((s) => s.durationSeconds),
    fps,
  );
  const { finals, temps } = outputPaths(outDir, RENDER_FILE_NAMES);
  const work = await mkdtemp(path.join(outDir, '.join-'));
  let durationSeconds = 0;
  const listPath = path.join(work, 'segments.txt');
  const { width, height } = frameSize(input.aspectRatio, input.output?.resolution);
  const music = input.music ?? undefined;
  // The cards are silent: the narration starts after the intro, and the video is longer by
  // exactly the cards' frames.
  const timeline = soundtrackSamples(scenes, input.brand, fps);
  const totalSeconds = timeline.total / SAMPLE_RATE;
  try {
    // The cards: drawn stills of whole frames, encoded like the segments.
    const cards = await cardSegments(ffmpegPath, input, { width, height }, fps, work, { signal, niceness });
    const segments = [
      ...(cards.intro ? [cards.intro.path] : []),
      ...input.segments,
      ...(cards.outro ? [cards.outro.path] : []),
    ];
    await writeFile(listPath, segments.map((f) => `file '${f.replace(/'/g, "'\\''")}'\n`).join(''));
    if (input.output?.draft) {
      // A draft (docs/decisions/0068-storyboard-and-draft.md): the MP4 alone, in one run, its mix
      // not loudness-normalised: no narration file, thumbnail or measuring pass.
      const graph = mixGraph(scenes, music, timeline);
      await runFfmpeg(
        ffmpegPath,
        [
          ...FFMPEG_COMMON_ARGS,
          ...['-loglevel', 'error', ...graph.inputs, '-f', 'concat', '-safe', '0', '-i', listPath],
          ...['-filter_complex', [...graph.filters, `[mix]aresample=${SAMPLE_RATE}[final]`].join(';')],
          ...[
            '-map',
            `${graph.next}:v`,
            '-map',
            '[final]',
            '-c:v',
            'copy',
            ...AAC_ARGS,
            '-f',
            'mp4',
            temps.video,
          ],
          // The narration alone is not kept, but goes to an output all the same: drained by an
          // `anullsink` in the graph, it left ffmpeg 9's looped music silent after its first loop.
          ...['-map', '[narr]', '-f', 'null', '-'],
        ],
        {
          signal,
          niceness,
          onTime: onProgress ? (t) => onProgress(Math.min(1, t / totalSeconds)) : undefined,
        },
      );
      durationSeconds = Math.max(totalSeconds, (plan.totalFrames + cards.frames) / fps);
      throwIfAborted(signal);
      await rename(temps.video, finals.video);
      onProgress?.(1);
      return {
        videoPath: finals.video,
        audioPath: '',
        thumbnailPath: '',
        subtitlesPath: '',
        durationSeconds,
      };
    }
    // The audio and the thumbnail: made while the segments rendered, or now.
    const soundtrack =
      input.soundtrack ??
      (await mixSoundtrack(
        ffmpegPath,
        {
          scenes,
          aspectRatio: input.aspectRatio,
          outDir: work,
          music,
          output: input.output,
          brand: input.brand,
        },
        fps,
        { signal, niceness, onProgress: onProgress ? (f) => onProgress(0.8 * f) : undefined },
      ));
    await runFfmpeg(
      ffmpegPath,
      [
        ...FFMPEG_COMMON_ARGS,
        ...['-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', listPath, '-i', soundtrack.mixPath],
        ...['-map', '0:v', '-map', '1:a', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', temps.video],
      ],
      {
        signal,
        niceness,
        onTime: onProgress ? (t) => onProgress(0.8 + 0.2 * Math.min(1, t / totalSeconds)) : undefined,
      },
    );
    // Copies, not moves: a given soundtrack's files may be the stored ones.
    await copyFile(soundtrack.narrationPath, temps.audio);
    await copyFile(soundtrack.thumbnailPath, temps.thumbnail);
    for (const file of [temps.video, temps.audio, temps.thumbnail]) {
      const info = await stat(file).catch(() => undefined);
      if (!info || info.size === 0)
        throw new RenderError(`ffmpeg finished without writing ${path.basename(file)}`);
    }
    await writeFile(
      temps.subtitles,
      shiftVtt(input.subtitlesVtt ?? 'WEBVTT\n\n', introOffsetSeconds(input.brand, fps)),
    );
    durationSeconds = Math.max(totalSeconds, (plan.totalFrames + cards.frames) / fps);
    throwIfAborted(signal);
    for (const key of ['audio', 'thumbnail', 'subtitles', 'video'] as const)
      await rename(temps[key], finals[key]);
  } catch (err) {
    await Promise.all(Object.values(temps).map((t) => rm(t, { force: true })));
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  onProgress?.(1);
  return {
    videoPath: finals.video,
    audioPath: finals.audio,
    thumbnailPath: finals.thumbnail,
    subtitlesPath: finals.subtitles,
    durationSeconds,
  };
}

interface CardSegment {
  path: string;
  frames: number;
}

/** The brand's intro and outro as segments encoded like the scenes', so the join copies them too. */
async function cardSegments(
  ffmpegPath: string,
  input: JoinInput,
  frame: { width: number; height: number },
  fps: number,
  work: string,
  run: Pick<FinishOptions, 'signal' | 'niceness'>,
): Promise<{ intro?: CardSegment; outro?: CardSegment; frames: number }> {
  const brand = input.brand;
  if (!brand || (!brand.intro && !brand.outro)) return { frames: 0 };
  const logo = brand.logo
    ? {
        ...(await logoImageFromFile(brand.logo.path, brand.logo.width, brand.logo.height)),
        size: brand.logo.size,
        opacity: brand.logo.opacity,
      }
    : null;
  const draw = async (card: BrandCardStyle | null, name: string): Promise<CardSegment | undefined> => {
    if (!card) return undefined;
    const png = path.join(work, `${name}.png`);
    await writeFile(
      png,
      await renderSvgPng(cardSvg(frame, { font: brand.font, palette: brand.palette, logo }, card.text)),
    );
    const frames = cardFrames(card.seconds, fps);
    const out = path.join(work, `${name}.mp4`);
    await runFfmpeg(
      ffmpegPath,
      [
        ...FFMPEG_COMMON_ARGS,
        ...['-loglevel', 'error', '-loop', '1', '-framerate', String(fps), '-i', png],
        ...['-vf', 'format=yuv420p', '-frames:v', String(frames), ...SEGMENT_ENCODE_ARGS],
        ...['-r', String(fps), '-an', '-f', 'mp4', out],
      ],
      run,
    );
    return { path: out, frames };
  };
  const intro = await draw(brand.intro, 'intro');
  const outro = await draw(brand.outro, 'outro');
  return { intro, outro, frames: (intro?.frames ?? 0) + (outro?.frames ?? 0) };
}
