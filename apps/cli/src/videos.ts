import { createClient, type ProgressReport, VideoEventsError, videoEvents } from '@vidgen/client';
import type { Command } from 'commander';

const DEFAULT_API_URL = 'http://localhost:8080/api/v1';
const BAR_WIDTH = 30;

/** Exit codes of `videos watch`: the video's outcome, or why it could not be followed. */
export const WATCH_EXIT = { completed: 0, failed: 1, deleted: 2, unwatchable: 3 } as const;

export function progressBar(p: Pick<ProgressReport, 'stage' | 'percent' | 'eta_seconds'>): string {
  const filled = Math.round((Math.min(Math.max(p.percent, 0), 100) / 100) * BAR_WIDTH);
  const eta = p.eta_seconds === null ? '' : `, about ${formatSeconds(p.eta_seconds)} left`;
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${p.percent.toFixed(1).padStart(5)}% ${p.stage}${eta}`;
}

function formatSeconds(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`;
}

/**
 * `vidgen videos watch ID`: follows a video through its event stream (docs/api.md#event-stream)
 * with a progress bar, and exits with its outcome. The stream resumes by itself after a dropped
 * connection; a video at the review gate is waited on until someone approves it.
 */
async function watch(id: string, o: { json: boolean }): Promise<void> {
  const client = createClient({
    baseUrl: process.env.VIDGEN_API_URL || DEFAULT_API_URL,
    apiKey: process.env.VIDGEN_API_KEY,
  });
  const tty = process.stdout.isTTY && !o.json;
  let bar = '';
  const line = (text: string) => {
    if (tty && bar) process.stdout.write('\r\x1b[2K');
    process.stdout.write(`${text}\n`);
    bar = '';
  };
  try {
    for await (const m of videoEvents(client, id)) {
      if (o.json) {
        process.stdout.write(`${JSON.stringify(m)}\n`);
      } else if (m.event === 'progress') {
        const next = progressBar(m.data as ProgressReport);
        if (next === bar) continue;
        if (tty) process.stdout.write(`\r\x1b[2K${next}`);
        else process.stdout.write(`${next}\n`);
        bar = next;
      } else if (m.event === 'awaiting_approval') {
        line(`video ${id} awaits approval at the review gate`);
      }
      if (m.event === 'completed' || m.event === 'failed' || m.event === 'deleted') {
        if (!o.json) {
          if (m.event === 'completed')
            line(progressBar({ stage: 'rendering', percent: 100, eta_seconds: null }));
          const reason = (m.data as { data?: { failure_reason?: { message?: string } } }).data
            ?.failure_reason;
          line(`video ${id} ${m.event}${reason?.message ? `: ${reason.message}` : ''}`);
        }
        process.exitCode = WATCH_EXIT[m.event];
        return;
      }
    }
  } catch (err) {
    if (!(err instanceof VideoEventsError)) throw err;
    line(
      o.json
        ? JSON.stringify({ error: { message: err.message, status: err.status } })
        : `error: ${err.message}`,
    );
    process.exitCode = WATCH_EXIT.unwatchable;
  }
}

export function addVideoCommands(program: Command): void {
  const videos = program
    .command('videos')
    .description('videos, through the API (VIDGEN_API_URL, VIDGEN_API_KEY)');
  videos
    .command('watch')
    .description(
      'follow a video with a progress bar until it ends; exits 0 completed, 1 failed, 2 deleted, 3 when it cannot be followed',
    )
    .argument('<id>', 'video id')
    .option('--json', 'print each event of the stream as one JSON line', false)
    .action((id: string, o: { json: boolean }) => watch(id, o));
}
