import type { ActivitySlotInfo, CustomSlotSupplier, SlotPermit, WorkerTuner } from '@temporalio/worker';
import {
  FINISH_LANE_SLOTS,
  mediaFinishLaneTaskQueue,
  mediaFirstLaneTaskQueue,
  mediaTaskQueue,
} from '@vidgen/workflows';

/**
 * The media queue's lanes: the first lane (`<queue>-media-first`) and the rest (`<queue>-media`),
 * which share the process's slots, and the finishing lane (`<queue>-media-finish`: soundtracks
 * and joins), which has its own (FINISH_LANE_SLOTS). Their processes run at their piece's
 * niceness whatever the lane.
 */
export type MediaLane = 'first' | 'rest' | 'finish';

/**
 * The media slots of one worker process, shared by the workers of its first lane and the rest
 * (docs/decisions/0084-the-media-first-lane.md), and the finishing lane's own (FINISH_LANE_SLOTS;
 * docs/decisions/0090-the-media-finishing-lane.md). Each lane's worker
 * asks for a slot before it polls (Temporal's custom slot supplier), so a task is taken only when
 * it can start now:
 *
 * - the first lane may run `slots` pieces whatever the other lane runs: a draft or an account's
 *   only video never waits for a slot held by another account's piece (there is no preemption);
 * - the other lane may hold `slots` permits less the first lane's pieces running: while first-lane
 *   work runs, it starts nothing new, and its running pieces (niced by their priority key) finish.
 *
 * - the finishing lane runs its own pieces (FINISH_LANE_SLOTS), whatever the others run, and
 *   takes nothing from them.
 *
 * Alone, the first lane or the rest runs one piece per slot, as one queue did. Both at once run
 * at most 2 × `slots` pieces, and only until the other lane's running pieces end.
 */
export class MediaLanes {
  /** Permits given out per lane (a poller waiting for a task holds one). */
  private readonly held: Record<MediaLane, number> = { first: 0, rest: 0, finish: 0 };
  /** Of those, the ones a task is using. */
  private readonly used: Record<MediaLane, number> = { first: 0, rest: 0, finish: 0 };
  private readonly waiting: { lane: MediaLane; grant: () => void }[] = [];

  constructor(readonly slots: number) {}

  /** What each lane holds now: permits and pieces running (for logs and tests). */
  state(): { held: Record<MediaLane, number>; used: Record<MediaLane, number> } {
    return { held: { ...this.held }, used: { ...this.used } };
  }

  /** What each lane's worker polls with: the lane's queue of `mainQueue`'s media work, and its tuner. */
  workers(mainQueue: string): { lane: MediaLane; taskQueue: string; tuner: WorkerTuner }[] {
    return [
      { lane: 'first', taskQueue: mediaFirstLaneTaskQueue(mainQueue), tuner: this.tuner('first') },
      { lane: 'rest', taskQueue: mediaTaskQueue(mainQueue), tuner: this.tuner('rest') },
      { lane: 'finish', taskQueue: mediaFinishLaneTaskQueue(mainQueue), tuner: this.tuner('finish') },
    ];
  }

  /** The tuner of one lane's worker: its activity slots from here (it runs no workflows). */
  tuner(lane: MediaLane): WorkerTuner {
    const unused = { type: 'fixed-size', numSlots: 1 } as const;
    return {
      activityTaskSlotSupplier: this.supplier(lane),
      workflowTaskSlotSupplier: unused,
      localActivityTaskSlotSupplier: unused,
      nexusTaskSlotSupplier: unused,
    };
  }

  /** The slot supplier of one lane's worker (its `tuner.activityTaskSlotSupplier`). */
  supplier(lane: MediaLane): CustomSlotSupplier<ActivitySlotInfo> {
    return {
      type: 'custom',
      reserveSlot: (_ctx, abortSignal) => this.reserve(lane, abortSignal),
      tryReserveSlot: () => (this.free(lane) ? this.take(lane) : null),
      markSlotUsed: () => {
        this.used[lane]++;
      },
      releaseSlot: (ctx) => {
        this.held[lane]--;
        if (ctx.slotInfo) this.used[lane]--;
        this.wake();
      },
    };
  }

  private free(lane: MediaLane): boolean {
    if (lane === 'finish') return this.held.finish < FINISH_LANE_SLOTS;
    return lane === 'first' ? this.held.first < this.slots : this.held.rest + this.used.first < this.slots;
  }

  private take(lane: MediaLane): SlotPermit {
    this.held[lane]++;
    return { lane };
  }

  private reserve(lane: MediaLane, abortSignal: AbortSignal): Promise<SlotPermit> {
    if (this.free(lane) && !this.waiting.some((w) => w.lane === lane))
      return Promise.resolve(this.take(lane));
    return new Promise<SlotPermit>((resolve, reject) => {
      const waiter = {
        lane,
        grant: () => {
          abortSignal.removeEventListener('abort', abort);
          resolve(this.take(lane));
        },
      };
      const abort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(abortSignal.reason);
      };
      if (abortSignal.aborted) return abort();
      abortSignal.addEventListener('abort', abort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Grants what is free now, the first lane's waiters before the rest's, each lane in order. */
  private wake(): void {
    for (const lane of ['first', 'rest', 'finish'] as const) {
      for (let at = this.waiting.findIndex((w) => w.lane === lane); at >= 0 && this.free(lane); ) {
        const [waiter] = this.waiting.splice(at, 1);
        waiter!.grant();
        at = this.waiting.findIndex((w) => w.lane === lane);
      }
    }
  }
}
