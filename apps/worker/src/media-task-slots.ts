import type { ActivitySlotInfo, CustomSlotSupplier, SlotPermit } from '@temporalio/worker';
import type { MediaOrder } from '@vidgen/videos';

/** A third of the shortest media timeout (3 minutes for an image or a narration). */
const MEDIA_HOLD_BUDGET_MS = 60_000;

/**
 * The media queue's slots: how many media tasks this worker takes from Temporal, as many as its
 * MediaOrder can start in time (holdDepth). The order (libs/videos' local-media-order.ts) then
 * picks which of them runs next.
 */
export function mediaTuner(order: MediaOrder, maxHeld: number) {
  const slots = new MediaTaskSlots(() =>
    holdDepth(order.slots, order.averageRunMs, MEDIA_HOLD_BUDGET_MS, maxHeld),
  );
  const none = { type: 'fixed-size', numSlots: 2 } as const;
  return {
    activityTaskSlotSupplier: slots,
    workflowTaskSlotSupplier: none,
    localActivityTaskSlotSupplier: none,
    nexusTaskSlotSupplier: none,
  };
}

/**
 * How many media tasks a worker may hold (running or waiting in its MediaOrder): as many as its
 * slots can start within `budgetMs` at the pace pieces run lately, at least two per slot, at
 * most `max`. A task's start-to-close timeout runs from the moment a worker takes it, so waiting
 * here must stay short; waiting in Temporal's queue costs nothing. On an idle machine this holds
 * a whole burst of videos' work, which the order needs; on an overloaded one it holds little and
 * the rest waits in Temporal.
 */
export function holdDepth(slots: number, averageRunMs: number, budgetMs: number, max: number): number {
  const fits = averageRunMs > 0 ? Math.floor((slots * budgetMs) / averageRunMs) : max;
  return Math.min(max, Math.max(2 * slots, fits));
}

/** The media queue's activity slots, as many as holdDepth allows at the time of each poll. */
export class MediaTaskSlots implements CustomSlotSupplier<ActivitySlotInfo> {
  readonly type = 'custom';
  private held = 0;
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly depth: () => number) {}

  get count(): number {
    return this.held;
  }

  async reserveSlot(_ctx: unknown, abortSignal: AbortSignal): Promise<SlotPermit> {
    while (this.held >= this.depth()) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          this.sleepers.delete(wake);
          abortSignal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.sleepers.delete(wake);
          reject(new DOMException('slot reservation aborted', 'AbortError'));
        };
        if (abortSignal.aborted) return onAbort();
        abortSignal.addEventListener('abort', onAbort, { once: true });
        this.sleepers.add(wake);
      });
    }
    this.held++;
    return {};
  }

  tryReserveSlot(): SlotPermit | null {
    if (this.held >= this.depth()) return null;
    this.held++;
    return {};
  }

  markSlotUsed(): void {}

  releaseSlot(): void {
    this.held--;
    for (const wake of [...this.sleepers]) wake();
  }
}
