import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import {
  mediaFinishLaneTaskQueue,
  mediaFirstLaneTaskQueue,
  mediaTaskQueue,
  type VideoActivities,
  type VideoWorkflowInput,
  type VideoWorkflowState,
  type WebhookActivities,
  workflowIds,
} from '../../src';

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Worker.create reads `isolateExecutionTimeout` (default 5 s) though SDK 1.24 leaves it out of
 * the public WorkerOptions type; spread in, it is passed through untyped. Short, so a workflow
 * task that never yields is cut off quickly instead of holding the spec.
 */
export function isolateExecutionTimeout(duration: `${number}s`): object {
  return { isolateExecutionTimeout: duration };
}

/** Stand-ins for every activity the video workflow calls: each does nothing unless overridden. */
export function standIns(
  overrides: Partial<VideoActivities & WebhookActivities> = {},
): VideoActivities & WebhookActivities {
  const ok = async () => undefined;
  return {
    recordTransition: ok,
    writeScript: async () => [{ visual_description: 'A lighthouse', narration: 'It shines.' }],
    refineScript: async () => ({ sceneCount: 1 }),
    planProduction: async () => ({ sceneIds: ['s1'], charges: [] }),
    approveProduction: ok,
    settleOutcome: async () => ({ done: true }),
    beginRegeneration: ok,
    generateSceneImage: ok,
    narrateScene: ok,
    curate: ok,
    render: ok,
    renderSegment: ok,
    mixSoundtrack: ok,
    joinSegments: ok,
    refund: ok,
    applySceneEdit: async () => ({ sceneId: null }),
    clearScenes: ok,
    purgeVideo: ok,
    planStoryboard: async () => ({ sceneIds: [], paid: false }),
    chargeGateStep: async () => ({ sceneIds: [] }),
    settleGateStep: async () => ({ ready: true }),
    publishVideoEvent: ok,
    ...overrides,
  };
}

/** A worker connection and a client on the suite's Temporal server; `close` ends both. */
export async function connectTemporal(address: string) {
  const connection = await NativeConnection.connect({ address });
  const clientConnection = await Connection.connect({ address });
  return {
    connection,
    client: new Client({ connection: clientConnection }),
    close: async () => {
      await clientConnection.close();
      await connection.close();
    },
  };
}

export type TemporalConnections = Awaited<ReturnType<typeof connectTemporal>>;

/**
 * Starts one video workflow on a fresh task queue, with a worker running `activities`, and
 * runs `fn` against its handle while the worker runs.
 */
export async function runVideoWorkflow<T>(
  temporal: { connection: NativeConnection; client: Client },
  activities: VideoActivities & WebhookActivities,
  options: { autoApprove: boolean; videoId?: string },
  fn: (handle: WorkflowHandle) => Promise<T>,
  /** Options both workers take besides these (interceptors). */
  workerOptions: Pick<WorkerOptions, 'interceptors'> = {},
): Promise<T> {
  const taskQueue = `wf-spec-${randomUUID()}`;
  const worker = await Worker.create({
    ...workerOptions,
    connection: temporal.connection,
    taskQueue,
    workflowsPath: path.join(REPO_ROOT, 'libs', 'workflows', 'src', 'workflows.ts'),
    activities,
    // A workflow task that never yields is cut off quickly instead of holding the spec.
    ...isolateExecutionTimeout('2s'),
  });
  // Media work goes to the media queue that belongs with the workflow's queue, or one of its lanes.
  const mediaWorkers = await Promise.all(
    [mediaTaskQueue(taskQueue), mediaFirstLaneTaskQueue(taskQueue), mediaFinishLaneTaskQueue(taskQueue)].map(
      (queue) =>
        Worker.create({ ...workerOptions, connection: temporal.connection, taskQueue: queue, activities }),
    ),
  );
  const videoId = options.videoId ?? randomUUID();
  const input: VideoWorkflowInput = { videoId, accountId: randomUUID(), autoApprove: options.autoApprove };
  const run = async () => {
    const handle = await temporal.client.workflow.start('videoPipelineWorkflow', {
      taskQueue,
      workflowId: workflowIds.video(videoId),
      args: [input],
    });
    return fn(handle);
  };
  // Every worker runs until the spec's function is done.
  return [worker, ...mediaWorkers].reduceRight<() => Promise<T>>(
    (inner, w) => () => w.runUntil(inner),
    run,
  )();
}

/** The workflow's state once its video completed or failed; a failed one is then terminated. */
export async function settled(handle: WorkflowHandle): Promise<VideoWorkflowState> {
  for (;;) {
    const now = await handle.query<VideoWorkflowState>('state');
    if (now.phase === 'completed') return now;
    if (now.phase === 'failed') {
      await handle.terminate('spec done');
      return now;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
