import type { Priority } from '@temporalio/common';
import { proxyActivities, sleep } from '@temporalio/workflow';

export interface MediaPiecesActivities {
  /** One piece of media work: the spec records when it starts and says when it ends. */
  piece(name: string): Promise<void>;
}

/** Pieces scheduled together, `afterMs` after the wave before them was scheduled. */
export interface Wave {
  afterMs: number;
  /** `taskQueue`: another queue than the waves' own (the media queue's first lane). */
  pieces: { name: string; priority?: Priority; taskQueue?: string }[];
}

/**
 * Schedules the waves of pieces on the media queue `taskQueue` one after the other, so they reach
 * the queue in that order, and waits for all of them.
 */
export async function mediaPieces(taskQueue: string, waves: Wave[]): Promise<void> {
  const running: Promise<void>[] = [];
  for (const wave of waves) {
    if (wave.afterMs > 0) await sleep(wave.afterMs);
    for (const { name, priority, taskQueue: own } of wave.pieces)
      running.push(
        proxyActivities<MediaPiecesActivities>({
          taskQueue: own ?? taskQueue,
          startToCloseTimeout: '2 minutes',
          ...(priority && { priority }),
        }).piece(name),
      );
  }
  await Promise.all(running);
}
