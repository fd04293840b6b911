import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import type { WorkerAttempts } from '../worker-attempts';
import { isBookkeeping } from './bookkeeping-heartbeat.interceptor';

/**
 * Puts each long attempt (one with a heartbeat timeout that is not bookkeeping: media steps,
 * scripts, renders) on the worker's attempts file while it runs, so other workers fail it as lost
 * once this worker's lease goes stale (docs/decisions/0048-worker-instance-leases.md).
 */
export function workerAttemptsInterceptor(
  attempts: Pick<WorkerAttempts, 'hold'>,
): ActivityInterceptorsFactory {
  return (ctx) => ({
    inbound: {
      execute: async (input, next) => {
        if (!(ctx.info.heartbeatTimeoutMs ?? 0) || isBookkeeping(ctx.info.activityType)) return next(input);
        const release = attempts.hold(Buffer.from(ctx.info.taskToken).toString('base64'));
        try {
          return await next(input);
        } finally {
          release();
        }
      },
    },
  });
}
