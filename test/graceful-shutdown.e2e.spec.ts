import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { startTemporalDevServer, waitFor } from '@vidgen/devstack';
import { type ServiceProcess, type Stack, startStack } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount } from './support/api';
import { finished, waitForVideo } from './support/videos';

/**
 * SIGTERM is how every orchestrator stops a process (docs/runbook.md, "Stopping and scaling"):
 * the worker lets the activities it is running finish within its grace period instead of leaving
 * them to time out and run again elsewhere, and the api answers the requests it has accepted.
 */
const STARTED = 2; // PENDING_ACTIVITY_STATE_STARTED
const RENDER = ['renderSegment', 'joinSegments'];

/** Sends SIGTERM and resolves with how the process ended (SIGKILL: it outlived the stop timeout). */
async function terminate(p: ServiceProcess): Promise<number | string> {
  await p.stop();
  return p.child.exitCode ?? p.child.signalCode ?? '';
}

/**
 * What the worker's SDK said of its activities and states, and any warning or error, one short line
 * each (milliseconds from SIGTERM, queue, activity, message, its duration or state).
 */
function sdkLines(output: string, sigterm: number): string {
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    let e: Record<string, any>;
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    const msg = String(e.msg ?? '');
    if (!(e.activityType || /state changed|stopped/.test(msg) || e.level >= 40)) continue;
    const what = [e.activityType, e.activityId].filter(Boolean).join('#');
    const detail = e.durationMs ?? e.state ?? e.err?.message ?? e.error?.message ?? '';
    lines.push(`${e.time - sigterm} ${e.taskQueue ?? ''} ${what} ${msg} ${detail}`.trim());
  }
  return lines.slice(-80).join('\n');
}

/** True once nothing accepts a new connection on the port (the server has stopped listening). */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('graceful shutdown on SIGTERM', { timeout: 300_000 }, () => {
  const ctx = inject('stack');
  let stack: Stack;
  let account: TestAccount;
  let temporal: Client;

  beforeAll(async () => {
    // A stack of its own: stopping its processes must not touch the other specs' videos.
    stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `shutdown-${Date.now()}`,
      dataDir: path.join(ctx.dataDir, 'graceful-shutdown'),
      // What the SDK says of each activity and of the worker's states, for a stop that goes wrong.
      env: { LOG_LEVEL: 'debug' },
      keepAllOutput: true,
    });
    account = await createAccount({ credits: 50, baseUrl: stack.baseUrl });
    temporal = new Client({ connection: await Connection.connect({ address: ctx.temporalAddress }) });
  }, 180_000);
  afterAll(async () => {
    await temporal?.connection.close();
    await stack?.stop();
  });

  it('a worker stopped while a video renders finishes the activity in flight (one attempt, by that worker) before it exits', async () => {
    // Light work (one short still, no motion) so an activity in flight ends well inside the
    // worker's 20 s grace period even on a busy machine; longer renders are cancelled after it.
    // One scene: its segment renders once it is narrated, at the niceness of a narrated video's
    // work. A segment rendered while a later scene is still narrated runs niced behind the
    // narration (0074), and beside other work at the default niceness may outlast the grace period.
    const scenes = [{ narration: 'The keeper climbs the stairs to the lamp.' }];
    const created = await account.api.post('/videos', {
      prompt: 'A lighthouse',
      scenes,
      motion: 'none',
      auto_approve: true,
    });
    expect(created.status, created.text).toBe(201);
    const handle = temporal.workflow.getHandle(workflowIds.video(created.body.id));
    const worker = stack.worker!;
    // The worker's Temporal identity: pid@host, then its instance id.
    const identity = `${worker.child.pid}@${os.hostname()}/`;

    // The moment Temporal reports a render activity (the segment, else the join) started on this
    // worker, stop the worker: its task may still be on its way to the worker, which then runs it
    // (the server completes a stopping worker's polls, 0087).
    let inFlight: string[] = [];
    await waitFor(
      async () => {
        const pending = (await handle.describe()).raw.pendingActivities ?? [];
        inFlight = pending
          .filter((a) => RENDER.includes(a.activityType?.name ?? '') && a.state === STARTED)
          .map((a) => a.activityId!);
        return inFlight.length > 0;
      },
      { timeoutMs: 180_000, intervalMs: 100, what: 'a render activity in flight' },
    );
    const sigterm = Date.now();
    expect(await terminate(worker)).toBe(0);
    const stoppedInMs = Date.now() - sigterm;

    // The history holds what happened to each activity that was running at SIGTERM, once the
    // server has written it: a completion that arrives while a workflow task is in flight waits
    // in the server until that task ends.
    const closed = (events: { [k: string]: any }[], activityId: string) => {
      const id = String(
        events.find((e) => e.activityTaskScheduledEventAttributes?.activityId === activityId)?.eventId,
      );
      return events.some((e) => String(e.activityTaskCompletedEventAttributes?.scheduledEventId) === id);
    };
    let events = (await handle.fetchHistory()).events ?? [];
    await waitFor(
      async () => {
        events = (await handle.fetchHistory()).events ?? [];
        return inFlight.every((a) => closed(events, a));
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the completions of the activities in flight' },
    ).catch(() => undefined);
    // Said when one did not complete: how long the stop took, where Temporal has the activity
    // now, and what the worker said of its activities and states.
    const pending = (await handle.describe()).raw.pendingActivities ?? [];
    const said = sdkLines(worker.output(), sigterm);
    for (const activityId of inFlight) {
      const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityId === activityId);
      const id = String(scheduled?.eventId);
      const started = events.filter(
        (e) => String(e.activityTaskStartedEventAttributes?.scheduledEventId) === id,
      );
      const completed = events.filter(
        (e) => String(e.activityTaskCompletedEventAttributes?.scheduledEventId) === id,
      );
      // What else happened to it (failed, timed out, cancelled), said when it did not complete.
      const outcome = events.filter((e) =>
        [
          e.activityTaskFailedEventAttributes,
          e.activityTaskTimedOutEventAttributes,
          e.activityTaskCanceledEventAttributes,
        ].some((a) => String(a?.scheduledEventId) === id),
      );
      const now = pending.find((a) => a.activityId === activityId);
      expect(
        completed,
        [
          `activity ${activityId} did not complete; the worker stopped in ${stoppedInMs} ms`,
          `failed, timed out or cancelled: ${JSON.stringify(outcome)}`,
          `pending now: ${JSON.stringify(now && { state: now.state, attempt: now.attempt, lastFailure: now.lastFailure?.message, lastStartedTime: now.lastStartedTime, lastHeartbeatTime: now.lastHeartbeatTime, lastWorkerIdentity: now.lastWorkerIdentity })}`,
          said.slice(-6000),
        ].join('\n'),
      ).toHaveLength(1);
      expect(started).toHaveLength(1);
      expect(started[0]!.activityTaskStartedEventAttributes!.attempt).toBe(1);
      expect(started[0]!.activityTaskStartedEventAttributes!.identity).toMatch(
        new RegExp(`^${identity}[0-9a-f-]{36}$`),
      );
    }

    // A new worker takes the video from there to the end.
    await stack.startWorker();
    const done = await waitForVideo(account.api, created.body.id, finished, 240_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
  });

  it('an api stopped while a request is in flight answers it, then exits', async () => {
    const body = JSON.stringify({ prompt: 'A lighthouse keeper at dusk.', scene_count: 1 });
    const half = Math.floor(body.length / 2);
    let stopped: Promise<number | string> | undefined;
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${stack.baseUrl}/videos`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'X-Api-Key': account.key,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.once('error', reject);
      // Half the body now: the request is accepted and waits for the rest.
      req.write(body.slice(0, half));
      (async () => {
        // Let the api receive the headers before it is told to stop.
        await new Promise((r) => setTimeout(r, 500));
        stopped = terminate(stack.api);
        // The api no longer accepts connections: it is shutting down, with this request open.
        await waitFor(() => refuses(stack.port), { timeoutMs: 20_000, intervalMs: 50, what: 'api refusing' });
        req.end(body.slice(half));
      })().catch(reject);
    });
    const res = await response;
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text).status).toBe('pending');
    // Nest closes the server and the pools, then the process exits (stopOnSignals).
    expect(await stopped).toBe(0);
  });
});

describe('a worker stopped while its Temporal server is down', { timeout: 240_000 }, () => {
  it('gives up waiting for the server to answer its polls and exits, saying so', async () => {
    const ctx = inject('stack');
    // A Temporal server of its own, to stop: the server completes a stopping worker's polls, and
    // the SDK waits for that answer as long as the server does not answer (0087).
    const temporal = await startTemporalDevServer({ headless: true, envPath: process.env.PATH });
    const stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: temporal.address,
      taskQueue: `shutdown-down-${Date.now()}`,
      dataDir: path.join(ctx.dataDir, 'graceful-shutdown-down'),
      keepAllOutput: true,
    });
    try {
      await temporal.stop();
      const worker = stack.worker!;
      // The worker's own limit (25 s) comes before the harness's SIGKILL (30 s): exit code 0.
      expect(await terminate(worker), worker.output().slice(-3000)).toBe(0);
      expect(worker.output()).toContain('the worker stopped with an error');
    } finally {
      await stack.stop();
      await temporal.stop();
    }
  });
});
