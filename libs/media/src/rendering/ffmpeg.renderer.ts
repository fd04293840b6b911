import { access, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { tempPathFor } from '../common/atomic-file';
import { RenderError, throwIfAborted } from '../common/media.errors';
import {
  type AspectRatio,
  mediaNiceness,
  type RenderOutputOptions,
  type WordTiming,
} from '../common/media.types';
import type { MusicInput } from './audio-mix';
import { FFMPEG_COMMON_ARGS, runFfmpeg } from './ffmpeg-process';
import { type JoinInput, joinSegments, type RenderOutput } from './join';
import { PLAIN_STYLE, RENDER_FPS, type RenderStyle, SAMPLE_RATE } from './render-plan';
import { type SegmentInput, segmentArgs } from './segment';
import { type FinishOptions, mixSoundtrack, type Soundtrack, type SoundtrackInput } from './soundtrack';

export { type KenBurns, kenBurnsFor } from '../common/ken-burns';
export type { MusicInput } from './audio-mix';
export { DUCKING, LOUDNESS } from './audio-mix';
export { assCaptions } from './captions';
export { type JoinInput, RENDER_FILE_NAMES, type RenderOutput } from './join';
export { FADE_SECONDS, PLAIN_STYLE, planTimeline, RENDER_FPS, type RenderStyle } from './render-plan';
export { SEGMENT_ENCODE_ARGS, type SegmentInput, type SegmentScene, segmentArgs } from './segment';
export { SOUNDTRACK_FILE_NAMES, type Soundtrack, type SoundtrackInput } from './soundtrack';

export interface RenderScene {
  /** The scene's picture, or its clip when `clip` is set. */
  imagePath: string;
  /** The visual is a video clip: it plays muted, fitted to the frame, cut or looped to the scene. */
  clip?: boolean;
  audioPath: string;
  durationSeconds: number;
  /** Spoken over the scene; burned in as captions when the style asks for them. */
  narration?: string;
  /** When each narration word is spoken, from the scene's start. */
  words?: readonly WordTiming[] | null;
}

export interface RenderInput {
  scenes: RenderScene[];
  aspectRatio: AspectRatio;
  outDir: string;
  subtitlesVtt?: string;
  /** Motion, transitions and captions; without it, stills with hard cuts and no captions. */
  style?: RenderStyle;
  music?: MusicInput | null;
  /** Frame size and rate; left out, 720p at the renderer's rate. */
  output?: RenderOutputOptions;
}

export interface RenderOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as ffmpeg reports progress (about twice a second); use it to heartbeat. */
  onProgress?: (fraction: number) => void;
  /**
   * How much more than its own niceness the piece's ffmpeg yields the CPU (0–9; a segment's, a
   * soundtrack's or a join's): the piece's place in the media queue (mediaCpuYield in
   * @vidgen/workflows' media-priority.ts).
   */
  yieldCpu?: number;
  /**
   * The video's narration is all made: the segment has nothing of its own video's left to give
   * way to, and runs at the niceness a narration of its place would (mediaNiceness).
   */
  narrated?: boolean;
  /**
   * For a segment whose video is not narrated yet: waits, until `until` aborts, for the video to
   * be, and resolves true once it is. Asked only where that would change the segment's niceness,
   * and stopped when the render ends; its ffmpeg then goes on at the niceness of a narrated
   * segment (when it may lower it), instead of staying behind work that no longer comes first.
   */
  whenNarrated?: (until: AbortSignal) => Promise<boolean>;
}

export interface SegmentOutput {
  path: string;
  frames: number;
}

/** Segments one render() encodes at a time: x264 already spreads one over the cores. */
const LOCAL_SEGMENT_CONCURRENCY = 2;

/**
 * Renders videos as per-scene segments joined at the end (docs/decisions/0023-rendering.md,
 * "Segments and transitions"). A segment is a scene's moving still for exactly its narration's
 * frames, ending with the crossfade into the next scene, captions burned in; the join copies the
 * segments into one H.264 stream and lays the narration, ducked music and loudness normalisation
 * under it. renderSegment and join are what separate activities (on separate workers) call; render
 * does all of it in this process.
 */
export class FfmpegRenderer {
  private readonly fps: number;

  constructor(private readonly opts: { ffmpegPath: string; fps?: number }) {
    this.fps = opts.fps ?? RENDER_FPS;
    if (!Number.isInteger(this.fps) || this.fps < 1 || this.fps > 60) {
      throw new RangeError('fps must be an integer between 1 and 60');
    }
  }

  /** Scene `input.index`'s segment, written to `outPath` (via a temporary name). */
  async renderSegment(
    input: SegmentInput,
    outPath: string,
    opts: RenderOptions = {},
  ): Promise<SegmentOutput> {
    throwIfAborted(opts.signal);
    const i = input.index;
    if (!Number.isInteger(i) || i < 0 || i >= input.scenes.length)
      throw new RenderError(`No scene ${i} to render among ${input.scenes.length}`);
    // The segment opens its own picture and the next one's; the others lend only their lengths.
    await validateScenes(input.scenes, input.scenes.length, false, (j) => j === i || j === i + 1);
    await mkdir(path.dirname(outPath), { recursive: true });
    const work = await mkdtemp(path.join(path.dirname(outPath), '.segment-'));
    const temp = tempPathFor(outPath);
    const niceness = mediaNiceness(opts.narrated ? 'narration' : 'segment', opts.yieldCpu);
    const narratedNiceness = mediaNiceness('narration', opts.yieldCpu);
    const rendered = new AbortController();
    try {
      const fps = input.output?.fps ?? this.fps;
      const { args, frames } = await segmentArgs(input, fps, work, temp);
      const seconds = frames / fps;
      await runFfmpeg(this.opts.ffmpegPath, args, {
        signal: opts.signal,
        cwd: work,
        onTime: opts.onProgress ? (t) => opts.onProgress!(Math.min(1, t / seconds)) : undefined,
        // A segment rendered while the video is still narrated gives way to the narration, which
        // the last segments and the join wait for (docs/decisions/0074-overlapped-production.md);
        // once it is narrated, only to more urgent work (docs/decisions/0085-fair-within-a-rank.md).
        niceness,
        ...(opts.whenNarrated &&
          niceness !== narratedNiceness && {
            renice: {
              when: opts.whenNarrated(
                AbortSignal.any([rendered.signal, ...(opts.signal ? [opts.signal] : [])]),
              ),
              niceness: narratedNiceness,
            },
          }),
      });
      const info = await stat(temp).catch(() => undefined);
      if (!info || info.size === 0) throw new RenderError(`ffmpeg wrote no segment for scene ${i}`);
      throwIfAborted(opts.signal);
      await rename(temp, outPath);
      opts.onProgress?.(1);
      return { path: outPath, frames };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    } finally {
      rendered.abort();
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * A client's recording as a narration WAV (mono 16-bit PCM at the render's sample rate), so
   * the join mixes it like a synthesised one and its words can be placed on its sound.
   */
  async decodeNarration(inputPath: string, outPath: string, signal?: AbortSignal): Promise<void> {
    throwIfAborted(signal);
    const temp = tempPathFor(outPath);
    try {
      await runFfmpeg(
        this.opts.ffmpegPath,
        [
          ...FFMPEG_COMMON_ARGS,
          '-loglevel',
          'error',
          '-i',
          inputPath,
          '-vn',
          '-ac',
          '1',
          '-ar',
          String(SAMPLE_RATE),
          '-c:a',
          'pcm_s16le',
          '-f',
          'wav',
          temp,
        ],
        { signal },
      );
      await rename(temp, outPath);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  /**
   * The video's audio track, narration file and thumbnail from the scenes' narration, the first
   * scene's picture and the music: what the join needs beside the segments, made while they render.
   */
  async mixSoundtrack(input: SoundtrackInput, opts: RenderOptions = {}): Promise<Soundtrack> {
    throwIfAborted(opts.signal);
    await validateScenes(input.scenes, input.scenes.length, true, (i) => i === 0);
    await musicPresent(input.music);
    await mkdir(input.outDir, { recursive: true });
    return mixSoundtrack(this.opts.ffmpegPath, input, input.output?.fps ?? this.fps, finishing(opts));
  }

  /**
   * The final MP4, narration, thumbnail and subtitles from the scenes' segments, and their
   * soundtrack when it was mixed before (else the scenes' narration and first picture make it).
   */
  async join(input: JoinInput, opts: RenderOptions = {}): Promise<RenderOutput> {
    throwIfAborted(opts.signal);
    const { soundtrack } = input;
    if (soundtrack) {
      await validateScenes(input.scenes, input.scenes.length, false, () => false);
      await Promise.all(
        [soundtrack.mixPath, soundtrack.narrationPath, soundtrack.thumbnailPath].map((f) =>
          access(f).catch(() => {
            throw new RenderError(`The soundtrack's ${path.basename(f)} is missing: ${f}`);
          }),
        ),
      );
    } else {
      await validateScenes(input.scenes, input.scenes.length, true);
      await musicPresent(input.music);
    }
    await Promise.all(
      input.segments.map((s, i) =>
        access(s).catch(() => {
          throw new RenderError(`Scene ${i} segment is missing: ${s}`);
        }),
      ),
    );
    await mkdir(input.outDir, { recursive: true });
    return joinSegments(this.opts.ffmpegPath, input, input.output?.fps ?? this.fps, finishing(opts));
  }

  /** Every segment, then the join, in this process. */
  async render(input: RenderInput, opts: RenderOptions = {}): Promise<RenderOutput> {
    const { signal, onProgress } = opts;
    throwIfAborted(signal);
    const { scenes } = input;
    await validateScenes(scenes, scenes.length, true);
    await mkdir(input.outDir, { recursive: true });
    const work = await mkdtemp(path.join(input.outDir, '.segments-'));
    const style = input.style ?? PLAIN_STYLE;
    // Segments are most of the work; the join (audio, a stream copy) the rest.
    const done = scenes.map(() => 0);
    const report = () => onProgress?.((0.8 * done.reduce((a, b) => a + b, 0)) / scenes.length);
    // The first failed segment stops the others, and nothing leaves this call (or is cleaned up)
    // while a segment's ffmpeg may still be writing into the work folder.
    const stop = new AbortController();
    const segmentSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    let failure: { error: unknown } | undefined;
    try {
      const segments: string[] = new Array(scenes.length);
      let next = 0;
      const lanes = Array.from({ length: Math.min(LOCAL_SEGMENT_CONCURRENCY, scenes.length) }, async () => {
        while (next < scenes.length && !failure) {
          const index = next++;
          const out = path.join(work, `segment-${index}.mp4`);
          try {
            await this.renderSegment(
              { scenes, index, aspectRatio: input.aspectRatio, style, output: input.output },
              out,
              {
                signal: segmentSignal,
                onProgress: (f) => {
                  done[index] = f;
                  report();
                },
              },
            );
            segments[index] = out;
          } catch (error) {
            failure ??= { error };
            stop.abort();
          }
        }
      });
      await Promise.all(lanes);
      if (failure) throw failure.error;
      return await this.join(
        { ...input, segments, brand: style.brand },
        { signal, onProgress: onProgress ? (f) => onProgress(0.8 + 0.2 * f) : undefined },
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

async function musicPresent(music: MusicInput | null | undefined): Promise<void> {
  if (!music) return;
  await access(music.path).catch(() => {
    throw new RenderError(`The music file is missing: ${music.path}`);
  });
}

async function validateScenes(
  scenes: { imagePath: string; durationSeconds: number; audioPath?: string }[],
  count: number,
  needAudio: boolean,
  opened: (index: number) => boolean = () => true,
): Promise<void> {
  if (count === 0) throw new RenderError('Nothing to render: no scenes');
  scenes.forEach((s, i) => {
    if (!Number.isFinite(s.durationSeconds) || s.durationSeconds <= 0) {
      throw new RenderError(`Scene ${i} has an invalid duration: ${s.durationSeconds}`);
    }
  });
  await Promise.all(
    scenes.flatMap((s, i) => [
      opened(i)
        ? access(s.imagePath).catch(() => {
            throw new RenderError(`Scene ${i} image is missing: ${s.imagePath}`);
          })
        : undefined,
      needAudio
        ? access(s.audioPath ?? '').catch(() => {
            throw new RenderError(`Scene ${i} audio is missing: ${s.audioPath}`);
          })
        : undefined,
    ]),
  );
}

/**
 * The soundtrack and the join run as a narrated video's segment does: at the process's niceness,
 * or behind a more urgent piece's work as much as their own piece yields (yieldCpu).
 */
function finishing(opts: RenderOptions): FinishOptions {
  const { signal, onProgress, yieldCpu } = opts;
  return { signal, onProgress, niceness: mediaNiceness('narration', yieldCpu) };
}
