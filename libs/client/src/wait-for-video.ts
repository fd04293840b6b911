import type { Video, VideoStatus, VidgenClient } from './client';
import { errorMessage } from './client';

const TERMINAL: readonly VideoStatus[] = ['completed', 'failed'];

export interface WaitForVideoOptions {
  /**
   * When to stop: a status, several, 'awaiting_approval' (the review gate) or a predicate.
   * Default: a terminal status (completed or failed).
   */
  until?: VideoStatus | 'awaiting_approval' | readonly VideoStatus[] | ((video: Video) => boolean);
  /** Give up after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Time between polls (default 1 s). */
  intervalMs?: number;
  signal?: AbortSignal;
}

export class WaitForVideoError extends Error {
  constructor(
    message: string,
    readonly last: Video | undefined,
  ) {
    super(message);
    this.name = 'WaitForVideoError';
  }
}

function predicate(until: WaitForVideoOptions['until']): (video: Video) => boolean {
  if (typeof until === 'function') return until;
  if (until === undefined) return (v) => TERMINAL.includes(v.status);
  if (until === 'awaiting_approval') return (v) => v.awaiting_approval;
  const wanted: readonly string[] = typeof until === 'string' ? [until] : until;
  return (v) => wanted.includes(v.status);
}

/**
 * Polls GET /videos/{id} until `until` holds and returns that record. Fails fast when the video
 * reaches a terminal status that `until` does not accept (a failed video never completes), and
 * with the last record seen when the time is up. Webhooks (docs/webhooks.md) avoid polling.
 */
export async function waitForVideo(
  client: VidgenClient,
  id: string,
  options: WaitForVideoOptions = {},
): Promise<Video> {
  const done = predicate(options.until);
  const timeoutMs = options.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  let last: Video | undefined;
  for (;;) {
    const { data, error, response } = await client.GET('/api/v1/videos/{id}', {
      params: { path: { id } },
      signal: options.signal,
    });
    if (!data) throw new WaitForVideoError(`GET /videos/${id}: ${errorMessage(error, response)}`, last);
    last = data;
    if (done(data)) return data;
    if (TERMINAL.includes(data.status)) {
      const reason = data.failure_reason
        ? ` (${data.failure_reason.code}: ${data.failure_reason.message})`
        : '';
      throw new WaitForVideoError(`video ${id} ended ${data.status}${reason}`, data);
    }
    if (Date.now() >= deadline) {
      throw new WaitForVideoError(`video ${id} still ${data.status} after ${timeoutMs} ms`, data);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
  }
}
