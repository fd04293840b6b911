import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import type { Logger } from '@vidgen/core';
import { WORKER_LOST_FAILURE_TYPE } from '@vidgen/workflows';
import { isBookkeeping } from './activity-heartbeat';

/** What a worker process's file says: who it is and the attempts it holds (task tokens, base64). */
interface AttemptsFile {
  host: string;
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), so a reused pid is told apart. */
  started: string;
  tokens: string[];
}

/** A process's start time as the kernel counts it, or '' where /proc cannot say. */
export function processStart(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function alive(file: AttemptsFile): boolean {
  try {
    process.kill(file.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid exists: the same process only if it started when the file says (a container's
  // worker is pid 1 in every life).
  const started = processStart(file.pid);
  return started === '' || file.started === '' || started === file.started;
}

/**
 * The long activity attempts this worker process holds (media steps, scripts, renders: not the
 * bookkeeping, which heartbeat for 5 s, nor webhook deliveries), written to a file of its own in
 * DATA_DIR/worker-attempts at each start and end of one. When the process dies, whichever worker
 * process on the same host looks next — the one started in its place, or any other, every 2 s —
 * finds the file of a process that is gone and fails those attempts at once with
 * WORKER_LOST_FAILURE_TYPE, so Temporal runs them again now instead of after the 10 s heartbeat
 * timeout (docs/decisions/0034-the-slowest-video-of-a-crash-drill.md). Each attempt is named by its
 * task token, which names that attempt only: one already timed out, or run again elsewhere, is not
 * found and nothing happens to it. Files of other hosts (a DATA_DIR shared over the network) are
 * left to their own host; without a file, the heartbeat timeout still catches the loss.
 */
export class WorkerAttempts {
  private readonly dir: string;
  private readonly file: string;
  private readonly tokens = new Set<string>();
  private readonly me: Omit<AttemptsFile, 'tokens'>;

  constructor(
    dataDir: string,
    private readonly client: Client,
    private readonly log: Logger,
  ) {
    this.dir = path.join(dataDir, 'worker-attempts');
    this.me = { host: os.hostname(), pid: process.pid, started: processStart(process.pid) };
    this.file = path.join(this.dir, `${this.me.host}-${this.me.pid}.json`);
    mkdirSync(this.dir, { recursive: true });
  }

  /** The interceptor that records each long attempt while it runs. */
  readonly interceptor: ActivityInterceptorsFactory = (ctx) => ({
    inbound: {
      execute: async (input, next) => {
        if (!(ctx.info.heartbeatTimeoutMs ?? 0) || isBookkeeping(ctx.info.activityType)) return next(input);
        const token = Buffer.from(ctx.info.taskToken).toString('base64');
        this.tokens.add(token);
        this.write();
        try {
          return await next(input);
        } finally {
          this.tokens.delete(token);
          this.write();
        }
      },
    },
  });

  private write(): void {
    try {
      if (this.tokens.size === 0) {
        rmSync(this.file, { force: true });
        return;
      }
      const body: AttemptsFile = { ...this.me, tokens: [...this.tokens] };
      const tmp = `${this.file}.tmp`;
      writeFileSync(tmp, JSON.stringify(body));
      renameSync(tmp, this.file);
    } catch (err) {
      // Only the fast path is lost: the heartbeat timeout still catches this process's death.
      this.log.warn({ err }, 'could not record the attempts this worker holds');
    }
  }

  /** Fails the attempts of this host's worker processes that are gone; returns how many were found. */
  async reclaim(): Promise<number> {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return 0;
    }
    let reclaimed = 0;
    for (const name of names) {
      const full = path.join(this.dir, name);
      let file: AttemptsFile;
      try {
        file = JSON.parse(readFileSync(full, 'utf8'));
      } catch {
        continue; // being replaced by its owner, or gone already
      }
      if (file.host !== this.me.host || file.pid === process.pid || alive(file)) continue;
      for (const token of file.tokens) {
        const failure = ApplicationFailure.retryable(
          `the worker running this attempt stopped (process ${file.pid} on ${file.host})`,
          WORKER_LOST_FAILURE_TYPE,
        );
        try {
          await this.client.activity.fail(Buffer.from(token, 'base64'), failure);
          reclaimed++;
        } catch {
          // Not found: the attempt already ended, timed out or runs elsewhere.
        }
      }
      rmSync(full, { force: true });
      this.log.info(
        { pid: file.pid, attempts: file.tokens.length },
        'failed the attempts of a worker that stopped',
      );
    }
    return reclaimed;
  }

  /** Looks for stopped workers now and every `everyMs`; returns the stop. */
  watch(everyMs = 2000): () => void {
    let busy = false;
    const look = () => {
      if (busy) return;
      busy = true;
      this.reclaim()
        .catch((err) => this.log.warn({ err }, 'could not look for stopped workers'))
        .finally(() => {
          busy = false;
        });
    };
    look();
    const timer = setInterval(look, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** On a clean stop: no attempt is held any more. */
  close(): void {
    this.tokens.clear();
    this.write();
  }
}
