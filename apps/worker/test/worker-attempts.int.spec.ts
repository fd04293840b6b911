import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { Worker } from '@temporalio/worker';
import { createLogger } from '@vidgen/core';
import { nodeEntry, REPO_ROOT } from '@vidgen/devstack';
import { WORKER_LOST_FAILURE_TYPE } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  connectTemporal,
  deferred,
  runVideoWorkflow,
  standIns,
} from '../../../libs/workflows/test/support/stand-ins';
import { temporalForTests } from '../../../libs/workflows/test/support/temporal-for-tests';
import { workerAttemptsInterceptor } from '../src/interceptors/worker-attempts.interceptor';
import { DEFAULT_LEASE_MS, type LeaseFile, WorkerAttempts } from '../src/worker-attempts';
import { newWorkerInstance } from '../src/worker-instance';
import type { HoldResult } from './support/hold.workflow';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the attempts of a worker process that stopped', () => {
  const temporalNow = temporalForTests();
  const log = createLogger({ level: 'silent', process: 'worker' });

  it('are failed as lost with their worker once its lease goes stale, and run again', async () => {
    const temporal = temporalNow();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-attempts-'));
    // Short leases, so the spec waits a few of them in a few seconds.
    const held = new WorkerAttempts(dataDir, temporal.client, log, newWorkerInstance(), { leaseMs: 1000 });
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
    let failedAfterMs = 0;
    const history = await runVideoWorkflow(
      temporal,
      activities,
      { autoApprove: true },
      async (handle) => {
        await firstStarted.promise;
        const dir = path.join(dataDir, 'worker-attempts');
        const [name] = readdirSync(dir);
        const file = JSON.parse(readFileSync(path.join(dir, name!), 'utf8')) as LeaseFile;
        expect(name).toBe(`${file.instance}.json`);
        expect(file).toMatchObject({ host: os.hostname(), pid: process.pid, lease_ms: 1000 });
        expect(file.tokens).toHaveLength(1);
        // The same attempt as a worker that stopped renewing would have left it.
        writeFileSync(path.join(dir, 'stopped.json'), JSON.stringify({ ...file, instance: 'stopped' }));
        // The worker looking next (here: another instance in this process) first waits a lease,
        // while the live worker's file keeps changing and is never touched.
        const looking = new WorkerAttempts(dataDir, temporal.client, log, newWorkerInstance());
        const start = Date.now();
        let failed = 0;
        while (failed === 0 && Date.now() - start < 10_000) {
          failed = await looking.reclaim();
          await sleep(100);
        }
        failedAfterMs = Date.now() - start;
        expect(failed).toBe(1);
        expect(existsSync(path.join(dir, 'stopped.json'))).toBe(false);
        for (let i = 0; i < 30; i++) {
          expect(await looking.reclaim()).toBe(0);
          await sleep(100);
        }
        expect(existsSync(path.join(dir, name!))).toBe(true);
        await handle.result();
        release.resolve();
        return handle.fetchHistory();
      },
      { interceptors: { activity: [workerAttemptsInterceptor(held)] } },
    );
    expect(failedAfterMs).toBeGreaterThanOrEqual(1000);
    expect(attempts).toEqual([1, 2]);
    // Attempt 2 follows attempt 1's failure as lost with its worker, before the 10 s heartbeat
    // timeout would have said so.
    const second = history.events!.find((e) => e.activityTaskStartedEventAttributes?.attempt === 2)!
      .activityTaskStartedEventAttributes!;
    expect(second.lastFailure?.applicationFailureInfo?.type).toBe(WORKER_LOST_FAILURE_TYPE);
    expect(second.lastFailure?.message).toMatch(/the worker running this attempt stopped \(worker stopped,/);
  }, 120_000);
});

/** A pid namespace with its own /proc, as a container has; its processes die with unshare. */
const UNSHARE = ['--pid', '--fork', '--mount', '--mount-proc', '--kill-child'];

/** Why `unshare` cannot make one here, or undefined when it can. */
function unshareRefused(): string | undefined {
  const probe = spawnSync('unshare', [...UNSHARE, 'sh', '-c', 'echo $$'], {
    encoding: 'utf8',
  });
  if (probe.error) return probe.error.message;
  if (probe.status !== 0 || probe.stdout.trim() !== '1') return probe.stderr.trim() || `exit ${probe.status}`;
  return undefined;
}

/** Waits until a process has ended (a zombie waiting to be reaped has ended). */
async function gone(pid: number): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 20) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return;
    } catch {
      return;
    }
    await sleep(20);
  }
  throw new Error(`process ${pid} still runs after SIGKILL`);
}

interface Holder {
  child: ChildProcess;
  events: Record<string, unknown>[];
  output: () => string;
  /** The pid of the namespace's first process, as this process sees it. */
  init: () => number;
  /** Waits for the first event of this kind that passes `test`. */
  next(event: string, test?: (e: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  kill(): Promise<void>;
}

/**
 * A worker process (test/support/attempts-holder.ts) in a pid namespace of its own: pid 1 there,
 * as a container's worker is, or with `notFirst` pid 3 (a shell and a command started before it).
 */
function startHolder(env: Record<string, string>, options: { notFirst?: boolean } = {}): Holder {
  const entry = nodeEntry('apps/worker/test/support/attempts-holder.ts', false);
  const node = [process.execPath, ...entry.args, entry.file];
  const inside = options.notFirst ? ['sh', '-c', '/bin/true; "$@"; exit $?', 'sh', ...node] : node;
  const child = spawn('unshare', [...UNSHARE, ...inside], {
    env: { ...process.env, ...entry.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Record<string, unknown>[] = [];
  let out = '';
  let partial = '';
  child.stdout!.on('data', (b: Buffer) => {
    out += b;
    partial += b;
    const lines = partial.split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line));
  });
  child.stderr!.on('data', (b: Buffer) => {
    out += b;
  });
  return {
    child,
    events,
    output: () => out,
    init: () => Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim()),
    async next(event, test = () => true) {
      for (let waited = 0; waited < 90_000; waited += 50) {
        const found = events.find((e) => e.event === event && test(e));
        if (found) return found;
        if (child.exitCode !== null) break;
        await sleep(50);
      }
      throw new Error(`no ${event} from the worker process; its output:\n${out.slice(-4000)}`);
    },
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // unshare's --kill-child hands the SIGKILL on to the namespace's pid 1, and its end ends the namespace.
        child.kill('SIGKILL');
      }),
  };
}

describe('worker processes in separate pid namespaces, with one host name and one DATA_DIR', () => {
  const refused = unshareRefused();
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  const holders: Holder[] = [];

  beforeAll(async () => {
    if (!refused) temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await Promise.all(holders.map((h) => h.kill()));
    await temporal?.close();
  });

  it("never fail each other's live attempts, and take over a killed one's within seconds", async (ctx) => {
    if (refused) ctx.skip(`unshare ${UNSHARE.join(' ')} is not permitted here (${refused}): it needs root`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-attempts-ns-'));
    const queue = `attempts-ns-${randomUUID()}`;
    const queues = ['a', 'b', 'c'].map((q) => `${queue}-${q}`);
    const env = { TEMPORAL_ADDRESS: inject('stack').temporalAddress, DATA_DIR: dataDir };
    const [a, b, c] = queues.map((q, i) => startHolder({ ...env, TASK_QUEUE: q }, { notFirst: i === 2 }));
    holders.push(a!, b!, c!);
    const ready = await Promise.all([a!.next('ready'), b!.next('ready'), c!.next('ready')]);
    // One host name, and pids that say nothing: A and B are both pid 1, as two containers'
    // workers are; C is pid 3 of its namespace (after a shell and a command).
    expect(ready.map((r) => r.pid)).toEqual([1, 1, 3]);
    expect(new Set(ready.map((r) => r.instance)).size).toBe(3);
    const [readyA, readyB, readyC] = ready;

    const worker = await Worker.create({
      connection: temporal.connection,
      taskQueue: queue,
      workflowsPath: path.join(REPO_ROOT, 'apps', 'worker', 'test', 'support', 'hold.workflow.ts'),
    });
    await worker.runUntil(async () => {
      const handle = await temporal.client.workflow.start('holdOnEach', {
        taskQueue: queue,
        workflowId: queue,
        args: [queues],
      });
      await Promise.all([a!.next('started'), b!.next('started'), c!.next('started')]);
      const dir = path.join(dataDir, 'worker-attempts');
      const files = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as LeaseFile);
      // A file each: the two pid 1s do not overwrite each other's.
      expect(files.map((f) => [f.instance, f.host, f.pid, f.tokens.length]).sort()).toEqual(
        ready.map((r) => [r.instance, os.hostname(), r.pid, 1]).sort(),
      );
      // And a socket each, which the kernel answers for while its process lives.
      expect(files.map((f) => f.socket)).toEqual(files.map((f) => `${f.instance}.sock`));

      // Three leases, fifteen looks by each worker: every live attempt is left alone.
      await sleep(3 * DEFAULT_LEASE_MS);
      const pending = (await handle.describe()).raw.pendingActivities ?? [];
      expect(pending.map((p) => [p.attempt, p.lastFailure?.message ?? null])).toEqual([
        [1, null],
        [1, null],
        [1, null],
      ]);
      for (const h of [a!, b!, c!]) expect(h.events.map((e) => e.event)).toEqual(['ready', 'started']);

      // A's process is killed; one started in its place polls its queue, as a supervisor would.
      const init = a!.init();
      const killedAt = Date.now();
      await a!.kill();
      await gone(init);
      const replacement = startHolder({ ...env, TASK_QUEUE: queues[0]! });
      holders.push(replacement);
      const retried = await replacement.next('started');
      const recoveryMs = Number(retried.at) - killedAt;
      console.log(`the killed worker's attempt started again ${recoveryMs} ms after the kill`);
      expect(retried.attempt).toBe(2);
      // Well inside the crash drill's 20 s per kill, and before the 10 s heartbeat timeout (how
      // much sooner than the lease depends on how fast the replacement starts: logged above).
      expect(recoveryMs).toBeLessThan(10_000);

      writeFileSync(path.join(dataDir, 'release'), '');
      const results = (await handle.result()) as HoldResult[];
      const readyReplacement = await replacement.next('ready');
      expect(results).toEqual([
        { instance: readyReplacement.instance, attempt: 2 },
        { instance: readyB!.instance, attempt: 1 },
        { instance: readyC!.instance, attempt: 1 },
      ]);
      for (const h of [b!, c!]) expect(h.events.some((e) => e.event === 'cancelled')).toBe(false);

      const events = (await handle.fetchHistory()).events ?? [];
      const starts = events.flatMap((e) =>
        e.activityTaskStartedEventAttributes ? [e.activityTaskStartedEventAttributes] : [],
      );
      const second = starts.find((s) => s.attempt === 2)!;
      expect(second.lastFailure?.applicationFailureInfo?.type).toBe(WORKER_LOST_FAILURE_TYPE);
      // Known to be gone by its socket, which nothing listened on once the process was killed,
      // not by waiting out its lease (the spec's DATA_DIR is on a local filesystem).
      expect(second.lastFailure?.message).toContain(
        `worker ${readyA!.instance}, process 1 on ${os.hostname()}: nothing listens on its socket)`,
      );
      expect(starts.map((s) => s.attempt).sort()).toEqual([1, 1, 2]);
    });
  }, 180_000);
});
