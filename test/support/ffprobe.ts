import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbeStream {
  index: number;
  codec_type: 'video' | 'audio' | 'subtitle' | 'data' | string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  nb_frames?: string;
  r_frame_rate?: string;
  [key: string]: unknown;
}

export interface ProbeResult {
  streams: ProbeStream[];
  format: { format_name: string; duration?: string; size?: string; [key: string]: unknown };
}

export function ffprobePath(): string {
  return (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}

/** ffprobe's JSON description of a media file: what a client's player would see. */
export async function probe(path: string, extraArgs: string[] = []): Promise<ProbeResult> {
  const { stdout } = await run(
    ffprobePath(),
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extraArgs, path],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as ProbeResult;
}

/**
 * Timestamps (seconds) where the picture changes by more than `threshold` (0..1), found by
 * ffmpeg's scene-change score, for checking where scene cuts really land in a video.
 */
export async function sceneChanges(path: string, threshold = 0.1): Promise<number[]> {
  // The movie source takes its file name inside a filter graph, where ':', ',', ';', quotes and
  // brackets all need escaping at two levels; test files live in plain temp paths, so refuse the rest.
  if (!/^[\w./-]+$/.test(path)) throw new Error(`sceneChanges needs a plain path, got: ${path}`);
  const { stdout } = await run(
    ffprobePath(),
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `movie=${path},select=gt(scene\\,${threshold})`,
      '-show_entries',
      'frame=pts_time,best_effort_timestamp_time',
      '-print_format',
      'json',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const frames = (
    JSON.parse(stdout) as { frames?: { pts_time?: string; best_effort_timestamp_time?: string }[] }
  ).frames;
  return (frames ?? [])
    .map((f) => Number(f.pts_time ?? f.best_effort_timestamp_time))
    .filter((t) => Number.isFinite(t));
}
