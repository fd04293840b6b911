/** Each readiness check answers within this bound, or counts as failed. */
export const CHECK_TIMEOUT_MS = 2000;
/** Worker pollers are informational and change slowly: asked at most this often. */
const POLLERS_CACHE_MS = 5000;

export interface CheckResult {
  status: 'ok' | 'failed';
  ms: number;
  error?: string;
}

export interface HealthProbes {
  database(): Promise<void>;
  /** `deadline`: epoch ms by which the call must have answered. */
  temporal(deadline: number): Promise<void>;
  pollers(deadline: number): Promise<number>;
}

/** Runs `fn` but gives up after `ms`; the late answer, if any, is ignored. */
function bounded<T>(fn: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([fn(), timeout]).finally(() => clearTimeout(timer));
}

async function check(fn: () => Promise<unknown>): Promise<CheckResult> {
  const started = Date.now();
  try {
    await bounded(fn, CHECK_TIMEOUT_MS);
    return { status: 'ok', ms: Date.now() - started };
  } catch (err) {
    // Names the failure without internals (addresses, stack): readiness is public.
    const timedOut = err instanceof Error && err.message.startsWith('no answer within');
    return { status: 'failed', ms: Date.now() - started, error: timedOut ? err.message : 'unreachable' };
  }
}

/** Readiness: the database and Temporal, each bounded, plus the cached count of worker pollers. */
export class HealthChecks {
  private pollers: { count: number | null; at: number } = { count: null, at: 0 };

  constructor(
    private readonly probes: HealthProbes,
    private readonly taskQueue = 'vidgen',
  ) {}

  async run() {
    const [database, temporal] = await Promise.all([
      check(() => this.probes.database()),
      check(() => this.probes.temporal(Date.now() + CHECK_TIMEOUT_MS)),
    ]);
    const pollers = temporal.status === 'ok' ? await this.workerPollers() : null;
    const ok = database.status === 'ok' && temporal.status === 'ok';
    return {
      status: ok ? ('ok' as const) : ('unavailable' as const),
      checks: { database, temporal },
      workers: { task_queue: this.taskQueue, pollers },
    };
  }

  private async workerPollers(): Promise<number | null> {
    if (Date.now() - this.pollers.at < POLLERS_CACHE_MS) return this.pollers.count;
    try {
      const count = await bounded(() => this.probes.pollers(Date.now() + CHECK_TIMEOUT_MS), CHECK_TIMEOUT_MS);
      // None yet (workers still starting) is asked again next time rather than remembered.
      this.pollers = { count, at: count > 0 ? Date.now() : 0 };
    } catch {
      this.pollers = { count: null, at: Date.now() };
    }
    return this.pollers.count;
  }
}
