import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { AssetRejectedError } from './asset-intake.errors';

/** Stderr kept for the reason of a refusal; ffmpeg's first lines say what was wrong. */
const MAX_STDERR = 4096;

export interface FfmpegRun {
  code: number | null;
  /** The first MAX_STDERR characters: ffmpeg's first lines say what was wrong. */
  stderr: string;
  /** The end of what `-progress pipe:3` wrote: its last block. */
  progress: string;
  timedOut: boolean;
}

/**
 * Runs ffmpeg once. Each line it writes on stdout goes to `onLine`, which stops the run by
 * returning an error (the run then rejects with it); the run is killed at `timeoutMs`
 * (resolving with `timedOut`) or when `signal` aborts (rejecting with its reason). It settles
 * only after ffmpeg has exited, so a stopped run never leaves a process behind.
 */
export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  opts: { timeoutMs: number; signal?: AbortSignal; onLine?: (line: string) => Error | undefined },
): Promise<FfmpegRun> {
  const { signal } = opts;
  return new Promise<FfmpegRun>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    // stdout: the lines `onLine` reads; stderr: what went wrong; fd 3: `-progress pipe:3`.
    const [out, errors, progressPipe] = [child.stdout!, child.stderr!, child.stdio[3] as Readable];
    let stderr = '';
    let progress = '';
    let partial = '';
    let timedOut = false;
    let stopped: unknown;
    let settled = false;
    const stop = (reason: unknown) => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    const onAbort = () => stop(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    out.on('data', (b: Buffer) => {
      if (stopped !== undefined) return;
      const lines = (partial + b.toString()).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > 4096) return stop(new AssetRejectedError('ffmpeg wrote a line too long to read'));
      for (const line of lines) {
        const problem = opts.onLine?.(line);
        if (problem) return stop(problem);
      }
    });
    progressPipe.on('data', (b: Buffer) => {
      // Only the latest progress block matters; keep the tail.
      progress = (progress + b.toString()).slice(-2048);
    });
    errors.on('data', (b: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += b.toString();
    });
    child.on('error', (err) => {
      if (settled) return;
      settle();
      reject(err);
    });
    child.on('close', (code) => {
      if (settled) return;
      settle();
      if (stopped !== undefined) return reject(stopped);
      resolve({ code, stderr, progress, timedOut });
    });
  });
}

/** The output position of ffmpeg's last progress block, in seconds (0 when there is none). */
export function decodedSeconds(progress: string): number {
  const micros = [...progress.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
  return micros ? Math.round(Number(micros) / 1000) / 1000 : 0;
}

export function firstError(stderr: string): string | undefined {
  return stderr.trim().split('\n')[0] || undefined;
}

/** ffmpeg's first error line without its `[component @ 0x…]` prefix. */
export function describe(line: string | undefined): string {
  if (!line) return 'it does not decode';
  return line.replace(/^(\[[^\]]*\]\s*)+/, '').slice(0, 200);
}

/** Milliseconds as the seconds a refusal names, to a tenth. */
export function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
