import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { createLogger } from '@vidgen/core';
import { WORKER_LOST_FAILURE_TYPE } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  connectTemporal,
  deferred,
  runVideoWorkflow,
  standIns,
} from '../../../libs/workflows/test/support/stand-ins';
import { processStart, WorkerAttempts } from '../src/worker-attempts';

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(String(child.stdout));
}

describe('the attempts of a worker process that stopped', () => {
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  const log = createLogger({ level: 'silent', process: 'worker' });

  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });

  it('are failed at once as lost with their worker, and run again', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-attempts-'));
    const held = new WorkerAttempts(dataDir, temporal.client, log);
    const firstStarted = deferred();
    const release = deferred();
    const attempts: number[] = [];
    const activities = standIns({
      generateSceneImage: async () => {
        const { attempt } = Context.current().info;
        attempts.push(attempt);
        if (attempt === 1) {
          // The attempt a killed process held: it never heartbeats, never ends on its own.
          firstStarted.resolve();
          await release.promise;
        }
      },
    });
    const history = await runVideoWorkflow(
      temporal,
      activities,
      { autoApprove: true },
      async (handle) => {
        await firstStarted.promise;
        const dir = path.join(dataDir, 'worker-attempts');
        const [name] = readdirSync(dir);
        const file = JSON.parse(readFileSync(path.join(dir, name!), 'utf8'));
        expect(file).toMatchObject({
          host: os.hostname(),
          pid: process.pid,
          started: processStart(process.pid),
        });
        expect(file.tokens).toHaveLength(1);
        // The same file as a process that has ended would have left it.
        const pid = deadPid();
        writeFileSync(path.join(dir, `${os.hostname()}-${pid}.json`), JSON.stringify({ ...file, pid }));
        // The worker looking next (here: another instance in this process) fails the attempt.
        const looking = new WorkerAttempts(dataDir, temporal.client, log);
        expect(await looking.reclaim()).toBe(1);
        expect(existsSync(path.join(dir, `${os.hostname()}-${pid}.json`))).toBe(false);
        // A live process's file is never touched: this process's own attempt is still on file.
        expect(await looking.reclaim()).toBe(0);
        expect(existsSync(path.join(dir, name!))).toBe(true);
        await handle.result();
        release.resolve();
        return handle.fetchHistory();
      },
      { interceptors: { activity: [held.interceptor] } },
    );
    expect(attempts).toEqual([1, 2]);
    // Attempt 2 follows attempt 1's failure as lost with its worker, long before the 10 s
    // heartbeat timeout would have said so.
    const second = history.events!.find((e) => e.activityTaskStartedEventAttributes?.attempt === 2)!
      .activityTaskStartedEventAttributes!;
    expect(second.lastFailure?.applicationFailureInfo?.type).toBe(WORKER_LOST_FAILURE_TYPE);
    expect(second.lastFailure?.message).toMatch(/the worker running this attempt stopped/);
  }, 120_000);
});
