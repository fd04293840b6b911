/**
 * How much work a worker process takes on, per role, from the machine's cores
 * (`os.availableParallelism()`, which follows the CPU affinity a container gives it). The
 * reasons are in docs/decisions/0024-worker-concurrency.md.
 */
export interface WorkerConcurrency {
  /** The main queue (role control): workflow tasks and bookkeeping/webhook activities. */
  control?: { maxConcurrentWorkflowTaskExecutions: number; maxConcurrentActivityTaskExecutions: number };
  /**
   * The media queue (role media): at most this many media tasks held, running or waiting for a
   * slot; how many below it is holdDepth's call (media-task-slots.ts).
   */
  media?: { maxHeld: number };
  /** Media pieces (ffmpeg, espeak, image drawing) that run at once in the process: one per core. */
  mediaSlots: number;
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
    // Held, not run: MediaOrder runs one per core and picks which. Up to what a burst of videos
    // has scheduled (up to 4 pieces each), so the order sees the work it orders.
    ...(roles.media && { media: { maxHeld: clamp(64 * c, 64, 512) } }),
    mediaSlots: c,
  };
}
