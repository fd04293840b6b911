import { randomUUID } from 'node:crypto';
import os from 'node:os';

/**
 * Who a worker process is: a random id drawn at start. Host name and pid say where it runs, for
 * people, but never who it is: containers with a fixed host name, cloned machines and pid
 * namespaces repeat both (every container's worker is pid 1). docs/decisions/0048-worker-instance-leases.md
 */
export interface WorkerInstance {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
}

export function newWorkerInstance(): WorkerInstance {
  return { id: randomUUID(), host: os.hostname(), pid: process.pid };
}

/**
 * The identity Temporal records for this process's polls, heartbeats and calls: the SDK's default
 * `pid@host`, which two containers share, made unique by the instance id.
 */
export function temporalIdentity(instance: WorkerInstance): string {
  return `${instance.pid}@${instance.host}/${instance.id}`;
}
