import { FAILURE_CODES } from '@vidgen/workflows';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * vidgen's own Prometheus series (docs/runbook.md#metrics). Each process (api, worker) has its
 * own registry and serves it on its own port (metrics-server.ts). Series are counted where the
 * thing happens once: a keyed append that was new, a request that finished; so activity
 * retries and workflow replays never count twice.
 */
export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'vidgen_http_requests_total',
  help: 'HTTP requests answered by the api, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'vidgen_http_request_duration_seconds',
  help: 'Time from a request arriving to its response finishing, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const videosCompleted = new Counter({
  name: 'vidgen_videos_completed_total',
  help: 'Videos that completed (each run that produced a video counts once)',
  registers: [registry],
});

export const videosFailed = new Counter({
  name: 'vidgen_videos_failed_total',
  help: 'Video failures, by failure_reason.code (a retried video that fails again counts again)',
  labelNames: ['code'] as const,
  registers: [registry],
});

export const stageDuration = new Histogram({
  name: 'vidgen_stage_duration_seconds',
  help: 'Wall time of a pipeline stage, from its start to its completion or failure',
  labelNames: ['stage'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600],
  registers: [registry],
});

export const credits = new Counter({
  name: 'vidgen_credits_total',
  help: 'Credits moved through the ledger, by kind (granted, purchased, charged, refunded); always positive',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'vidgen_webhook_attempts_total',
  help: 'Webhook delivery attempts, by outcome (delivered, failed, gone)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

let initialised = false;

/**
 * Process metrics (CPU, memory, event loop lag) and zeroes for the label values that are known
 * in advance: a rate() over a series that appears only at its first increment misses that
 * increment. Called by the processes that serve metrics, not at import, so a CLI run starts no
 * collectors.
 */
export function initMetrics(): void {
  if (initialised) return;
  initialised = true;
  collectDefaultMetrics({ register: registry });
  // Every failure code (docs/runbook.md), so each series exists at 0 before its first failure.
  for (const code of FAILURE_CODES) videosFailed.labels(code).inc(0);
  for (const kind of ['granted', 'purchased', 'charged', 'refunded']) credits.labels(kind).inc(0);
  for (const outcome of ['delivered', 'failed', 'gone']) webhookAttempts.labels(outcome).inc(0);
}
