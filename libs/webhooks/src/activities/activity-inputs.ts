import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../webhook-events';

export { parseInput } from '@vidgen/activity-kit';

const uuid = z.string().uuid();
const runId = z.string().min(1).max(100);
const run = z.number().int().positive();

/** What an attempt came to, as the record activity takes it. */
const sentOutcome = z.object({
  kind: z.enum(['delivered', 'failed']),
  startedAt: z.string().min(1),
  durationMs: z.number().min(0),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  retryAfterSeconds: z.number().nullable(),
});

export const schemas = {
  publish: z.object({
    videoId: uuid,
    event: z.enum(WEBHOOK_EVENTS),
    occurrenceKey: z.string().min(1).max(200),
  }),
  publishBatch: z.object({ batchId: uuid, accountId: uuid }),
  begin: z.object({ deliveryId: uuid, runId }),
  deliver: z.object({
    deliveryId: uuid,
    runId,
    run: run.nullable(),
    attempt: z.number().int().positive(),
    timeoutSeconds: z.number().positive().max(600),
    backoff: z.object({ baseSeconds: z.number().positive(), factor: z.number().positive() }),
    jitter: z.number().min(0).max(1),
  }),
  record: z.object({
    deliveryId: uuid,
    run,
    attempt: z.number().int().positive(),
    outcome: sentOutcome,
    nextRetryAt: z.string().nullable(),
    final: z.enum(['succeeded', 'failed']).nullable(),
  }),
  cancel: z.object({ deliveryId: uuid, run, reason: z.string() }),
};

export type RecordInput = z.infer<typeof schemas.record>;
