import path from 'node:path';
import { type Stack, startStack } from '@vidgen/stack-harness';
import { inject } from 'vitest';

type OwnStackOptions = Omit<
  Parameters<typeof startStack>[0],
  'databaseUrl' | 'temporalAddress' | 'taskQueue' | 'dataDir'
>;

/** A stack on this run's database and Temporal server, with a data folder of its own (`<label>`). */
function startOnThisRun(label: string, taskQueue: string, options: OwnStackOptions): Promise<Stack> {
  const ctx = inject('stack');
  return startStack({
    ...options,
    databaseUrl: ctx.databaseUrl,
    temporalAddress: ctx.temporalAddress,
    taskQueue,
    dataDir: path.join(ctx.dataDir, label),
  });
}

/**
 * A stack of the spec's own (api and worker, or the api alone with `apiOnly`) on this run's
 * database and Temporal server, with its own task queue (`<label>-<time>`) and data folder
 * (`<label>`): what the spec does to its processes and settings stays apart from the shared
 * stack and the other specs.
 */
export function startOwnStack(label: string, options: OwnStackOptions = {}): Promise<Stack> {
  return startOnThisRun(label, `${label}-${Date.now()}`, options);
}

/**
 * Api processes of their own (no worker), started side by side, on this run's database and
 * Temporal server and on the shared stack's task queue, so the shared worker serves what they
 * create like any other video; one data folder per label. For specs of several api instances.
 */
export function startApis(labels: readonly string[], env: NodeJS.ProcessEnv): Promise<Stack[]> {
  const { taskQueue } = inject('stack');
  return Promise.all(labels.map((label) => startOnThisRun(label, taskQueue, { apiOnly: true, env })));
}
