import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  regenerateUpdate,
  type VideoActivities,
  type VideoWorkflowInput,
  type WebhookActivities,
  workflowIds,
} from '../src';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('regenerate at the gate (stand-in activities)', () => {
  let connection: NativeConnection;
  let clientConnection: Connection;
  let client: Client;

  beforeAll(async () => {
    const { temporalAddress } = inject('stack');
    connection = await NativeConnection.connect({ address: temporalAddress });
    clientConnection = await Connection.connect({ address: temporalAddress });
    client = new Client({ connection: clientConnection });
  });
  afterAll(async () => {
    await clientConnection?.close();
    await connection?.close();
  });

  it('answers only once the new script is on record, also when the first gate row was written but not yet reported', async () => {
    const firstGateWritten = deferred();
    const reportFirstGate = deferred();
    const log: string[] = [];
    const ok = async () => undefined;
    const activities: VideoActivities & WebhookActivities = {
      recordTransition: async ({ key }) => {
        log.push(key);
        if (key === 'script1:awaiting_approval') {
          // The row is in the database (a client can see the gate) before the workflow hears back.
          firstGateWritten.resolve();
          await reportFirstGate.promise;
        }
      },
      writeScript: async ({ scriptVersion }) => {
        log.push(`write script ${scriptVersion}`);
        return [{ visual_description: 'A lighthouse', narration: 'It shines.' }];
      },
      refineScript: async () => ({ sceneCount: 1 }),
      planProduction: async () => ({ sceneIds: ['s1'], charges: [] }),
      approveProduction: ok,
      generateSceneImage: ok,
      narrateScene: ok,
      curate: ok,
      render: ok,
      refund: ok,
      applySceneEdit: async () => ({ sceneId: null }),
      clearScenes: ok,
      purgeVideo: ok,
      publishVideoEvent: ok,
    };
    const taskQueue = `wf-spec-${randomUUID()}`;
    const worker = await Worker.create({
      connection,
      taskQueue,
      workflowsPath: path.join(REPO_ROOT, 'libs', 'workflows', 'src', 'workflows.ts'),
      activities,
      isolateExecutionTimeout: '2s',
    });
    const videoId = randomUUID();
    const input: VideoWorkflowInput = { videoId, accountId: randomUUID(), autoApprove: false };

    const logWhenAnswered = await worker.runUntil(async () => {
      const handle = await client.workflow.start('videoPipelineWorkflow', {
        taskQueue,
        workflowId: workflowIds.video(videoId),
        args: [input],
      });
      await firstGateWritten.promise;
      const regenerate = handle.executeUpdate(regenerateUpdate, { args: [{ feedback: 'More light' }] });
      await new Promise((r) => setTimeout(r, 500));
      reportFirstGate.resolve();
      await regenerate;
      const seen = [...log];
      await handle.terminate('spec done');
      return seen;
    });

    expect(logWhenAnswered).toContain('write script 2');
    expect(logWhenAnswered.at(-1)).toBe('script2:awaiting_approval');
  }, 60_000);
});
