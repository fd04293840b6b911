import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { abortReason, RenderError, throwIfAborted } from '../common/media.errors';

const KILL_GRACE_MS = 2000;
const STDERR_TAIL_CHARS = 4000;

export interface FfmpegRunOptions {
  signal?: AbortSignal;
  /** Called with the output position in seconds as ffmpeg reports progress (about twice a second). */
  onTime?: (seconds: number) => void;
  /** Folder ffmpeg runs in: files named in a filter graph are given relative to it, free of escaping. */
  cwd?: string;
  /**
   * Scheduling niceness of the ffmpeg process (0 to 19, higher yields the CPU sooner): work that
   * is off a video's critical path gives way to what is on it in the same worker.
   */
  niceness?: number;
  /**
   * The niceness the process goes on at once `when` resolves true, if it still runs: work that
   * came onto its video's critical path while it ran. Lowering a niceness needs the privilege to
   * (root, CAP_SYS_NICE or RLIMIT_NICE); without it the process stays as it started.
   */
  renice?: { when: Promise<boolean>; niceness: number };
}

/** The arguments every run starts with: quiet, no prompts, progress on stdout. */
export const FFMPEG_COMMON_ARGS = ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats'];

/**
 * Runs ffmpeg to completion and resolves with its diagnostic output (stderr), which carries
 * what analysis filters (loudnorm, ebur128) print. Aborting stops ffmpeg and rejects with the
 * abort reason; a failure rejects with a RenderError holding the end of stderr.
 */
export function runFfmpeg(ffmpegPath: string, args: string[], opts: FfmpegRunOptions = {}): Promise<string> {
  const { signal, onTime } = opts;
  return new Promise<string>((resolve, reject) => {
    throwIfAborted(signal);
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: opts.cwd });
    if (opts.niceness && child.pid !== undefined) {
      try {
        setPriority(child.pid, opts.niceness);
      } catch {
        // A process that already ended, or a system that refuses: it runs at the worker's priority.
      }
    }
    const { renice } = opts;
    if (renice && child.pid !== undefined) {
      const pid = child.pid;
      renice.when.then(
        (yes) => {
          // Not once it has ended: its pid is reaped with its exit and may be another's since.
          if (!yes || child.exitCode !== null || child.signalCode !== null) return;
          try {
            setPriority(pid, renice.niceness);
          } catch {
            // Not allowed to lower it, or it ended meanwhile: it goes on as it started.
          }
        },
        () => undefined,
      );
    }
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
      stderr += chunk;
    });

    child.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new RenderError(`Could not start ffmpeg (${ffmpegPath}): ${err.message}`));
    });
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (aborted && signal) return reject(abortReason(signal));
      if (code === 0) return resolve(stderr);
      const why = code === null ? `killed by ${sig}` : `exit code ${code}`;
      const tail = stderr.trim().slice(-STDERR_TAIL_CHARS);
      reject(new RenderError(`ffmpeg failed (${why}): ${tail || 'no error output'}`));
    });
  });
}

/**
 * A value for a filter option inside a filter graph: escaped for the option parser, then for
 * the graph parser (ffmpeg-filters(1), "Notes on filtergraph escaping").
 */
export function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}
