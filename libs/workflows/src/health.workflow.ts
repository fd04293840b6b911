import { proxyActivities } from '@temporalio/workflow';
import type { HealthActivities, HealthProbeResult } from './health.contracts';

const { probeDependencies } = proxyActivities<HealthActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 2 },
});

/** A round trip through the worker: proves api → Temporal → worker → PostgreSQL wiring. */
export async function healthCheckWorkflow(): Promise<HealthProbeResult> {
  return probeDependencies();
}
