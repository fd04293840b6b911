export interface HealthProbeResult {
  database: 'ok';
  workerPid: number;
  checkedAt: string;
}

/** Activities the health workflow calls; implemented in apps/worker. */
export interface HealthActivities {
  probeDependencies(): Promise<HealthProbeResult>;
}
