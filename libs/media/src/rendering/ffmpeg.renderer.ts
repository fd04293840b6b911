import { spawn } from 'node:child_process';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempPathFor } from '../common/atomic-file';
import { abortReason, RenderError, throwIfAborted } from '../common/media.errors';
import { type AspectRatio, frameSize } from '../common/media.types';

export interface RenderScene {
  imagePath: string;
  audioPath: string;
  durationSeconds: number;
}

export interface RenderInput {
  scenes: RenderScene[];
  aspectRatio: AspectRatio;
  outDir: string;
  subtitlesVtt?: string;
}

export interface RenderOutput {
  videoPath: string;
  audioPath: string;
  thumbnailPath: string;
  subtitlesPath: string;
  durationSeconds: number;
}

export interface RenderOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as ffmpeg reports progress (about twice a second); use it to heartbeat. */
  onProgress?: (fraction: number) => void;
}

export const RENDER_FILE_NAMES = {
  video: 'video.mp4',
  audio: 'narration.m4a',
  thumbnail: 'thumbnail.jpg',
  subtitles: 'subtitles.vtt',
} as const;

// Stills need no motion: 24 fps keeps scene cuts within 21 ms of the narration while x264
// spends almost nothing on the repeated frames.
const DEFAULT_FPS = 24;
const SAMPLE_RATE = 44100;
// The concat filter infers a segment's length from its frame spacing, which needs two frames.
const MIN_FRAMES_PER_SCENE = 2;
const KILL_GRACE_MS = 2000;
const STDERR_TAIL_CHARS = 4000;

/**
 * Renders the final assets with a single ffmpeg run: each scene image is decoded and scaled
 * once, then repeated in memory for exactly its narration's length; the narration tracks are
 * padded or trimmed to the same lengths and joined. One pass writes the MP4, the narration
 * audio and the thumbnail, each to a temporary name renamed into place only when ffmpeg
 * succeeded, so an interrupted render never leaves a partial file under a final name.
 */
export class FfmpegRenderer {
  private readonly fps: number;

  constructor(private readonly opts: { ffmpegPath: string; fps?: number }) {
    this.fps = opts.fps ?? DEFAULT_FPS;
    if (!Number.isInteger(this.fps) || this.fps < 1 || this.fps > 60) {
      throw new RangeError('fps must be an integer between 1 and 60');
    }
  }

  async render(input: RenderInput, opts: RenderOptions = {}): Promise<RenderOutput> {
    const { signal, onProgress } = opts;
    throwIfAborted(signal);
    const scenes = input.scenes;
    if (scenes.length === 0) throw new RenderError('Nothing to render: no scenes');
    scenes.forEach((s, i) => {
      if (!Number.isFinite(s.durationSeconds) || s.durationSeconds <= 0) {
        throw new RenderError(`Scene ${i} has an invalid duration: ${s.durationSeconds}`);
      }
    });
    await Promise.all(
      scenes.flatMap((s, i) => [
        access(s.imagePath).catch(() => {
          throw new RenderError(`Scene ${i} image is missing: ${s.imagePath}`);
        }),
        access(s.audioPath).catch(() => {
          throw new RenderError(`Scene ${i} audio is missing: ${s.audioPath}`);
        }),
      ]),
    );

    await mkdir(input.outDir, { recursive: true });
    const finals = {
      video: path.join(input.outDir, RENDER_FILE_NAMES.video),
      audio: path.join(input.outDir, RENDER_FILE_NAMES.audio),
      thumbnail: path.join(input.outDir, RENDER_FILE_NAMES.thumbnail),
      subtitles: path.join(input.outDir, RENDER_FILE_NAMES.subtitles),
    };
    const temps = {
      video: tempPathFor(finals.video),
      audio: tempPathFor(finals.audio),
      thumbnail: tempPathFor(finals.thumbnail),
      subtitles: tempPathFor(finals.subtitles),
    };

    const plan = planTimeline(
      scenes.map((s) => s.durationSeconds),
      this.fps,
    );
    const args = this.buildArgs(scenes, input.aspectRatio, plan, temps);

    try {
      await runFfmpeg(this.opts.ffmpegPath, args, {
        signal,
        onTime: onProgress ? (seconds) => onProgress(Math.min(1, seconds / plan.totalSeconds)) : undefined,
      });
      for (const file of [temps.video, temps.audio, temps.thumbnail]) {
        const info = await stat(file).catch(() => undefined);
        if (!info || info.size === 0)
          throw new RenderError(`ffmpeg finished without writing ${path.basename(file)}`);
      }
      await writeFile(temps.subtitles, input.subtitlesVtt ?? 'WEBVTT\n\n');
      throwIfAborted(signal);
      // The video goes last: its presence is what marks a render as complete.
      for (const key of ['audio', 'thumbnail', 'subtitles', 'video'] as const)
        await rename(temps[key], finals[key]);
    } catch (err) {
      await Promise.all(Object.values(temps).map((t) => rm(t, { force: true })));
      throw err;
    }
    onProgress?.(1);
    return {
      videoPath: finals.video,
      audioPath: finals.audio,
      thumbnailPath: finals.thumbnail,
      subtitlesPath: finals.subtitles,
      durationSeconds: Math.max(plan.totalSeconds, plan.totalFrames / this.fps),
    };
  }

  private buildArgs(
    scenes: RenderScene[],
    aspectRatio: AspectRatio,
    plan: TimelinePlan,
    temps: { video: string; audio: string; thumbnail: string },
  ): string[] {
    const { width, height } = frameSize(aspectRatio);
    const n = scenes.length;
    // Stills are full-range RGB: convert to limited-range BT.709, which every player expects of H.264.
    const fit = `scale=${width}:${height}:force_original_aspect_ratio=increase:out_color_matrix=bt709:out_range=tv,crop=${width}:${height},setsar=1,format=yuv420p`;
    const filters: string[] = [];
    scenes.forEach((_, i) => {
      const frames = plan.frames[i]!;
      const still = i === 0 ? `${fit},split=2[still0][thumb]` : `${fit}[still${i}]`;
      filters.push(`[${i}:v]${still}`);
      // settb + setpts=N give integer frame timestamps, so concat joins segments without drift.
      filters.push(`[still${i}]loop=loop=${frames - 1}:size=1:start=0,settb=1/${this.fps},setpts=N[v${i}]`);
      filters.push(
        `[${n + i}:a]aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=mono,apad,atrim=end_sample=${plan.samples[i]}[a${i}]`,
      );
    });
    filters.push(`${scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${n}:v=1:a=0[vout]`);
    filters.push(`${scenes.map((_, i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1,asplit=2[aout][anarr]`);

    const keyframes = plan.cutFrames.map((f) => (f / this.fps).toFixed(6)).join(',');
    return [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-progress',
      'pipe:1',
      '-nostats',
      ...scenes.flatMap((s) => ['-i', s.imagePath]),
      ...scenes.flatMap((s) => ['-i', s.audioPath]),
      '-filter_complex',
      filters.join(';'),
      // The video, with a keyframe at every scene cut so players seek straight to a scene.
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'stillimage',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-r',
      String(this.fps),
      ...(keyframes ? ['-force_key_frames', keyframes] : []),
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      temps.video,
      // The whole narration on its own.
      '-map',
      '[anarr]',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-f',
      'ipod',
      temps.audio,
      // The first scene as the thumbnail.
      '-map',
      '[thumb]',
      '-frames:v',
      '1',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-f',
      'image2',
      '-update',
      '1',
      temps.thumbnail,
    ];
  }
}

interface TimelinePlan {
  frames: number[];
  samples: number[];
  /** Frame index at which each scene after the first begins. */
  cutFrames: number[];
  totalFrames: number;
  totalSeconds: number;
}

/**
 * Frame and sample counts per scene, rounded from the running total rather than per scene,
 * so rounding never accumulates: cut k lands on the frame nearest the end of narration k.
 */
function planTimeline(durations: number[], fps: number): TimelinePlan {
  const frames: number[] = [];
  const samples: number[] = [];
  const cutFrames: number[] = [];
  let elapsed = 0;
  let frameAt = 0;
  let sampleAt = 0;
  durations.forEach((d, i) => {
    elapsed += d;
    const nextFrame = Math.max(frameAt + MIN_FRAMES_PER_SCENE, Math.round(elapsed * fps));
    const nextSample = Math.round(elapsed * SAMPLE_RATE);
    frames.push(nextFrame - frameAt);
    samples.push(nextSample - sampleAt);
    if (i > 0) cutFrames.push(frameAt);
    frameAt = nextFrame;
    sampleAt = nextSample;
  });
  return { frames, samples, cutFrames, totalFrames: frameAt, totalSeconds: sampleAt / SAMPLE_RATE };
}

function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  opts: { signal?: AbortSignal; onTime?: (seconds: number) => void },
): Promise<void> {
  const { signal, onTime } = opts;
  return new Promise<void>((resolve, reject) => {
    throwIfAborted(signal);
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdoutRest = '';
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;

    const onAbort = () => {
      aborted = true;
      child.kill('SIGTERM');
      // ffmpeg normally stops at once on SIGTERM; a wedged one is not allowed to linger.
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (stdoutRest + chunk).split('\n');
      stdoutRest = lines.pop() ?? '';
      for (const line of lines) {
        // Despite the name, out_time_ms is in microseconds (a long-standing ffmpeg quirk).
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m && onTime) onTime(Number(m[1]) / 1e6);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });

    child.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new RenderError(`Could not start ffmpeg (${ffmpegPath}): ${err.message}`));
    });
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (aborted && signal) return reject(abortReason(signal));
      if (code === 0) return resolve();
      const why = code === null ? `killed by ${sig}` : `exit code ${code}`;
      reject(new RenderError(`ffmpeg failed (${why}): ${stderr.trim() || 'no error output'}`));
    });
  });
}
