/**
 * How much work a worker process takes on, per role, from the machine's cores
 * (`os.availableParallelism()`, which follows the CPU affinity a container gives it). The
 * reasons are in docs/decisions/0024-worker-concurrency.md.
 */
export interface WorkerConcurrency {
  /** The main queue (role control): workflow tasks and bookkeeping/webhook activities. */
  control?: { maxConcurrentWorkflowTaskExecutions: number; maxConcurrentActivityTaskExecutions: number };
  /**
   * The media queue (role media): as many tasks as it runs at once, one per core, shared by its
   * first lane and the rest (media-lanes.ts; docs/decisions/0084-the-media-first-lane.md), and
   * one more for soundtracks and joins (0090). A worker takes only
   * the tasks it can start now; which one it gets is Temporal's choice, by priority and fairness
   * key (docs/decisions/0062-scheduling-by-temporal.md).
   */
  media?: { slots: number };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export function workerConcurrency(
  roles: { control: boolean; media: boolean },
  cores: number,
): WorkerConcurrency {
  const c = Math.max(1, Math.floor(cores));
  return {
    // Bookkeeping waits on PostgreSQL and webhooks on other servers: many at once per core.
    // Workflow tasks are short CPU bursts on the workflow thread; past a few per core they only queue.
    ...(roles.control && {
      control: {
        maxConcurrentWorkflowTaskExecutions: clamp(10 * c, 10, 40),
        maxConcurrentActivityTaskExecutions: clamp(20 * c, 20, 200),
      },
    }),
    // Taken = started: a task waiting inside a worker could have run on another, idle one.
    ...(roles.media && { media: { slots: c } }),
  };
}
