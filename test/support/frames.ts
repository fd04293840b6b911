import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '@vidgen/media';

const run = promisify(execFile);
const ffmpeg = () => resolveFfmpeg();

/** A decoded picture: `channels` bytes per pixel, rows top to bottom. */
export interface Frame {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/**
 * The frame shown at `seconds`, decoded by ffmpeg and scaled to `width`×`height` (small sizes
 * make comparisons fast and blind to encoder noise), as RGB or grey.
 */
export async function frameAt(
  file: string,
  seconds: number,
  opts: { width?: number; height?: number; gray?: boolean } = {},
): Promise<Frame> {
  const width = opts.width ?? 320;
  const height = opts.height ?? 180;
  const channels = opts.gray ? 1 : 3;
  const { stdout } = await run(
    ffmpeg(),
    [
      ...['-v', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1'],
      ...['-vf', `scale=${width}:${height}:flags=area`, '-f', 'rawvideo'],
      ...['-pix_fmt', opts.gray ? 'gray' : 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  if (stdout.length !== width * height * channels) throw new Error(`no frame at ${seconds}s in ${file}`);
  return { data: stdout, width, height, channels };
}

/** Rows `from`..`to` (fractions of the height) of a frame: e.g. the band where captions sit. */
export function band(frame: Frame, from: number, to: number): Frame {
  const top = Math.floor(frame.height * from);
  const bottom = Math.ceil(frame.height * to);
  const row = frame.width * frame.channels;
  return { ...frame, data: frame.data.subarray(top * row, bottom * row), height: bottom - top };
}

/** Mean absolute difference per byte, 0 (identical) to 255. */
export function meanDiff(a: Frame, b: Frame): number {
  if (a.data.length !== b.data.length) throw new Error('frames of different sizes');
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

/**
 * RMS level (dBFS) of the audio between `start` and `start + duration` after a narrow band-pass
 * around `hz`: how loud a tone of that pitch is there (three cascaded band-passes keep speech,
 * which has some energy near any pitch, well out of it).
 */
export async function toneLevel(file: string, start: number, duration: number, hz: number): Promise<number> {
  const bp = `bandpass=f=${hz}:width_type=q:w=8`;
  const { stderr } = await run(
    ffmpeg(),
    [
      ...['-hide_banner', '-ss', start.toFixed(3), '-t', duration.toFixed(3), '-i', file, '-vn'],
      ...['-af', `pan=mono|c0=c0,${bp},${bp},${bp},astats=measure_overall=RMS_level:measure_perchannel=none`],
      ...['-f', 'null', '-'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const m = /RMS level dB:\s*(-?[\d.]+|-inf)/.exec(stderr);
  if (!m) throw new Error(`astats printed no RMS level: ${stderr.slice(-500)}`);
  return m[1] === '-inf' ? -200 : Number(m[1]);
}

/** EBU R128 integrated loudness (LUFS) and true peak (dBTP) of a file's audio, by ffmpeg's ebur128. */
export async function loudness(file: string): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await run(
    ffmpeg(),
    ['-hide_banner', '-i', file, '-vn', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const i = /I:\s*(-?[\d.]+) LUFS/.exec(summary);
  const tp = /Peak:\s*(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (!i || !tp) throw new Error(`ebur128 printed no summary: ${summary}`);
  return { integrated: Number(i[1]), truePeak: tp[1] === '-inf' ? -200 : Number(tp[1]) };
}

/** Makes a media file with ffmpeg's generators (lavfi), e.g. a test picture or tone. */
export async function makeMedia(args: string[]): Promise<void> {
  await run(ffmpeg(), ['-v', 'error', '-y', ...args]);
}

/** The silent stretches (below -40 dBFS for 0.3 s or more) of a file's audio, in seconds. */
export async function silences(file: string): Promise<{ start: number; end: number }[]> {
  const { stderr } = await run(
    ffmpeg(),
    ['-hide_banner', '-i', file, '-vn', '-af', 'silencedetect=noise=-40dB:d=0.3', '-f', 'null', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => ({ start: Math.max(0, start), end: ends[i] ?? Number.POSITIVE_INFINITY }));
}
