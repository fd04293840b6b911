import { proxyActivities } from '@temporalio/workflow';

/** Who ran an attempt to its end. */
export interface HoldResult {
  instance: string;
  attempt: number;
}

export interface HoldActivities {
  /** Heartbeats until the spec lets it end. */
  hold(): Promise<HoldResult>;
}

/**
 * One long attempt on each task queue (one worker process polls each), watched like a media step:
 * a 10 s heartbeat timeout, retried at once when lost.
 */
export async function holdOnEach(queues: string[]): Promise<HoldResult[]> {
  return Promise.all(
    queues.map((taskQueue) =>
      proxyActivities<HoldActivities>({
        taskQueue,
        startToCloseTimeout: '3 minutes',
        heartbeatTimeout: '10 seconds',
        retry: { initialInterval: '100 ms', backoffCoefficient: 1, maximumAttempts: 3 },
      }).hold(),
    ),
  );
}
