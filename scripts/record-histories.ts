/**
 * Records workflow histories for the determinism check in CI (libs/workflows/test/replay.spec.ts):
 * runs a set of scenarios on a real stack and saves each workflow run's history as JSON under
 * temporal/histories/, named `<workflow>-<LABEL>-<scenario>.json`. LABEL names the version of the
 * workflow code that made them; docs/workflow-versions.md says which label holds which version
 * and when it leaves the replay set. A recording never overwrites a file: the histories of the
 * versions that open runs may still hold stay beside the new ones.
 *
 *   npm run histories:record -- LABEL [video] [webhook-delivery]     (both when none is named)
 *
 * Run it when a workflow changes on purpose (behind `patched()` once shipped, docs/decisions/0057-workflow-versions.md)
 * and commit the files.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { createDb, sql } from '@vidgen/db';
import { REPO_ROOT } from '@vidgen/devstack';
import { HttpsReceiver, makeCertificates } from '@vidgen/stack-harness';
import { approveUpdate, WORKER_LOST_FAILURE_TYPE, workflowIds } from '@vidgen/workflows';
import { benchClient, startBenchStack } from '../bench/support';
import { connectTemporal, runVideoWorkflow, standIns } from '../libs/workflows/test/support/stand-ins';

const OUT = path.join(REPO_ROOT, 'temporal', 'histories');
const WORKFLOWS = ['video', 'webhook-delivery'] as const;
type Recorded = (typeof WORKFLOWS)[number];
/** Low, so one scenario's scene edits make the video workflow continue as new at the gate. */
const UPDATES_PER_RUN = 5;

function parseArgs(argv: string[]): { label: string; workflows: Set<Recorded> } {
  const [label, ...names] = argv;
  const usage = `usage: record-histories.ts LABEL [${WORKFLOWS.join('] [')}]`;
  if (!label || !/^[a-z0-9-]+$/.test(label)) throw new Error(usage);
  for (const n of names) if (!(WORKFLOWS as readonly string[]).includes(n)) throw new Error(usage);
  return { label, workflows: new Set((names.length ? names : WORKFLOWS) as Recorded[]) };
}

async function main(): Promise<void> {
  const { label, workflows } = parseArgs(process.argv.slice(2));
  const fileOf = (workflow: Recorded, scenario: string) =>
    path.join(OUT, `${workflow}-${label}-${scenario}.json`);
  const taken = [...workflows].flatMap((w) =>
    existsSync(fileOf(w, 'happy')) || existsSync(fileOf(w, 'always-failing')) ? [w] : [],
  );
  if (taken.length)
    throw new Error(`histories labelled "${label}" exist already (${taken.join(', ')}): pick another label`);

  // Deliveries to a receiver that answers 200 trust its test CA.
  const certs = makeCertificates();
  const receiver = new HttpsReceiver(certs);
  await receiver.start();
  const bench = await startBenchStack({
    NODE_EXTRA_CA_CERTS: certs.caPath,
    VIDGEN_FAULT_INJECTION: '1',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    WEBHOOK_BACKOFF_BASE_SECONDS: '0.2',
    WEBHOOK_BACKOFF_FACTOR: '2',
    WEBHOOK_TIMEOUT_SECONDS: '2',
    VIDEO_WORKFLOW_UPDATES_PER_RUN: String(UPDATES_PER_RUN),
    LOG_LEVEL: 'warn',
  });
  const connection = await Connection.connect({ address: bench.temporalAddress });
  const client = new Client({ connection });
  const save = async (file: string, workflowId: string, runId?: string) => {
    if (existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} exists already`);
    const handle = client.workflow.getHandle(workflowId, runId);
    await handle.result().catch(() => undefined);
    const history = await handle.fetchHistory();
    await writeFile(file, `${historyToJSON(history)}\n`);
    console.log(`${path.relative(REPO_ROOT, file)}: ${history.events?.length} events`);
  };
  try {
    if (workflows.has('video'))
      await recordVideos(bench, client, (s, id, run) => save(fileOf('video', s), id, run));
    if (workflows.has('webhook-delivery'))
      await recordDeliveries(bench, receiver.route([{ status: 200 }]).url, (s, id) =>
        save(fileOf('webhook-delivery', s), id),
      );
  } finally {
    await connection.close();
    await bench.stop();
    await receiver.stop();
    certs.cleanup();
  }
}

type Save = (scenario: string, workflowId: string, runId?: string) => Promise<void>;

async function recordVideos(
  bench: Awaited<ReturnType<typeof startBenchStack>>,
  client: Client,
  save: Save,
): Promise<void> {
  const base = bench.stack.baseUrl;
  const key = await bench.key(1000);
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const until = async (id: string, ok: (v: Video) => boolean) => {
    for (let i = 0; i < 600; i++) {
      const v = (await call('GET', `/videos/${id}`)).body;
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`video ${id} did not settle`);
  };
  type Video = { status: string; awaiting_approval: boolean };
  const gate = (v: Video) => v.awaiting_approval || ['completed', 'failed'].includes(v.status);
  const done = (v: Video) => ['completed', 'failed'].includes(v.status);
  const recorded: Record<string, string> = {};

  // 1. gate → edit, add and delete scenes → approve → completed
  let v = (await call('POST', '/videos', { prompt: 'How lighthouses guide ships at night.', scene_count: 3 }))
    .body;
  await until(v.id, gate);
  const scenes = (await call('GET', `/videos/${v.id}/scenes`)).body;
  await call('PATCH', `/videos/${v.id}/scenes/${scenes[0].id}`, {
    narration: 'Lighthouses stand where the sea turns dangerous.',
  });
  const added = (
    await call('POST', `/videos/${v.id}/scenes`, {
      visual_description: 'A beam over waves',
      narration: 'The beam sweeps the dark.',
    })
  ).body;
  await call('DELETE', `/videos/${v.id}/scenes/${added.id}`);
  await call('POST', `/videos/${v.id}/approve`);
  await until(v.id, done);
  recorded.happy = v.id;

  // 2. a scene image fails → refund → approve retries from the missing image → completed
  v = (
    await call('POST', '/videos', {
      prompt: 'Tide pools at low tide. Crabs hide under the rocks.',
      scene_count: 2,
      auto_approve: true,
      faults: { visualising: { fail_scenes: [2] } },
    })
  ).body;
  await until(v.id, done);
  await call('POST', `/videos/${v.id}/approve`);
  await until(v.id, done);
  recorded['image-failure-retry'] = v.id;

  // 3. scripting times out → regenerate → gate → regenerate with feedback → delete
  v = (
    await call('POST', '/videos', {
      prompt: 'Glaciers carving valleys.',
      scene_count: 2,
      faults: { scripting: { timeout: true } },
    })
  ).body;
  await until(v.id, done);
  await call('POST', `/videos/${v.id}/regenerate`, { feedback: '' });
  await call('POST', `/videos/${v.id}/regenerate`, { feedback: 'more about ice' });
  await call('DELETE', `/videos/${v.id}`);
  recorded['scripting-timeout-regenerate-delete'] = v.id;

  // 4. narration and render failures with fail_attempts that recover on their own
  v = (
    await call('POST', '/videos', {
      prompt: 'Bread rising overnight.',
      scene_count: 1,
      auto_approve: true,
      faults: { narrating: { fail_attempts: 1 }, rendering: { fail_attempts: 2 } },
    })
  ).body;
  await until(v.id, done);
  recorded['fail-attempts-recover'] = v.id;

  // 5. narration fails → refund → retry
  v = (
    await call('POST', '/videos', {
      prompt: 'Owls hunting by sound.',
      scene_count: 1,
      auto_approve: true,
      faults: { narrating: { fail: true } },
    })
  ).body;
  await until(v.id, done);
  await call('POST', `/videos/${v.id}/approve`);
  await until(v.id, done);
  recorded['narration-failure-retry'] = v.id;

  // 6. more scene edits at the gate than a run takes → continues as new → approve → completed
  v = (await call('POST', '/videos', { prompt: 'Salmon swimming upstream.', scene_count: 1 })).body;
  await until(v.id, gate);
  const [only] = (await call('GET', `/videos/${v.id}/scenes`)).body;
  for (let i = 1; i <= UPDATES_PER_RUN + 2; i++) {
    const res = await call('PATCH', `/videos/${v.id}/scenes/${only.id}`, {
      narration: `Upstream, take ${i}.`,
    });
    if (res.status !== 200) throw new Error(`edit ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await call('POST', `/videos/${v.id}/approve`);
  await until(v.id, done);

  // 7. at the gate: a storyboard, a draft, an edit that makes it stale, a second draft → approve
  // Its own variable: `v` stays the video of scenario 6, whose runs are saved below.
  const b = (await call('POST', '/videos', { prompt: 'How bees make honey.', scene_count: 2 })).body;
  await until(b.id, gate);
  await call('POST', `/videos/${b.id}/storyboard`);
  // A request while the last draft is still being settled answers with that one: ask again.
  const draft = async (id: string) => {
    while ((await call('POST', `/videos/${id}/preview`)).body.preview.status !== 'rendering')
      await new Promise((r) => setTimeout(r, 100));
    await until(id, ready);
  };
  const ready = (r: Video) =>
    ['ready', 'failed'].includes((r as { preview?: { status: string } }).preview?.status ?? '');
  await draft(b.id);
  const [bee] = (await call('GET', `/videos/${b.id}/scenes`)).body;
  await call('PATCH', `/videos/${b.id}/scenes/${bee.id}`, { narration: 'Bees dance to show the way.' });
  await draft(b.id);
  await call('POST', `/videos/${b.id}/approve`);
  await until(b.id, done);
  recorded['storyboard-draft'] = b.id;

  for (const [name, id] of Object.entries(recorded)) await save(name, workflowIds.video(id));
  const workflowId = workflowIds.video(v.id);
  const first = (await client.workflow.getHandle(workflowId).describe()).raw.workflowExecutionInfo
    ?.firstRunId;
  if (!first) throw new Error(`${workflowId} has no first run`);
  await save('continue-as-new-first-run', workflowId, first);
  await save('continue-as-new-last-run', workflowId);

  await recordStandIns(bench.temporalAddress, save);
}

/**
 * The deliveries of one completed video to two webhooks of their own: one whose receiver answers
 * 200 (the publisher's first attempt delivers it) and one where nothing listens (the first attempt
 * and the workflow's three retries fail). A delivery that makes its own first attempt (a
 * redelivery) is recorded by scripts/record-lost-completion-history.ts.
 */
async function recordDeliveries(
  bench: Awaited<ReturnType<typeof startBenchStack>>,
  deliveredUrl: string,
  save: (scenario: string, workflowId: string) => Promise<void>,
): Promise<void> {
  const api = benchClient(bench.stack.baseUrl, await bench.key(100));
  const hooks = { delivered: deliveredUrl, 'always-failing': 'https://127.0.0.1:9/hook' };
  const webhookIds: Record<string, string> = {};
  for (const [scenario, url] of Object.entries(hooks)) {
    const created = await api<{ id: string }>('POST', '/callbacks', { url, event: 'video.completed' });
    webhookIds[scenario] = created.body.id;
  }
  const video = await api<{ id: string }>('POST', '/videos', {
    prompt: 'Lanterns on a river.',
    scene_count: 1,
    auto_approve: true,
  });
  for (let i = 0; ; i++) {
    const v = (await api<{ status: string }>('GET', `/videos/${video.body.id}`)).body;
    if (v.status === 'completed') break;
    if (v.status === 'failed' || i > 600) throw new Error(`video ${video.body.id}: ${v.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const db = createDb(bench.databaseUrl, { max: 1 });
  try {
    for (const [scenario, webhookId] of Object.entries(webhookIds)) {
      const { rows } = await sql<{ id: string }>`
        select id from webhook_deliveries where webhook_id = ${webhookId}`.execute(db);
      if (!rows[0]) throw new Error(`no delivery was made to the ${scenario} webhook`);
      await save(scenario, workflowIds.webhookDelivery(rows[0].id));
    }
  } finally {
    await db.destroy();
  }
}

/**
 * What the api cannot bring about on purpose, with stand-in activities on the same Temporal
 * server: an approval whose answer is lost after it committed (settled as done), an image whose
 * last attempt is lost with its worker and a narration whose last attempt finds PostgreSQL
 * unreachable (both dispatched again), then the video completes.
 */
async function recordStandIns(temporalAddress: string, save: Save): Promise<void> {
  const temporal = await connectTemporal(temporalAddress);
  const once = (type: string) => {
    let failed = false;
    return async () => {
      if (failed) return;
      failed = true;
      throw ApplicationFailure.nonRetryable(`injected: ${type}`, type);
    };
  };
  const activities = standIns({
    approveProduction: async () => {
      throw ApplicationFailure.retryable('connection terminated after COMMIT', 'DATABASE_ERROR');
    },
    generateSceneImage: once(WORKER_LOST_FAILURE_TYPE),
    narrateScene: once('DatabaseUnavailableError'),
  });
  try {
    const workflowId = await runVideoWorkflow(
      temporal,
      activities,
      { autoApprove: false },
      async (handle) => {
        while ((await handle.query<{ phase: string }>('state')).phase !== 'gate') {
          await new Promise((r) => setTimeout(r, 100));
        }
        await handle.executeUpdate(approveUpdate);
        const result = await handle.result();
        if (result.status !== 'completed') throw new Error(`stand-in video ended ${result.status}`);
        return handle.workflowId;
      },
    );
    await save('lost-approval-worker-and-database', workflowId);
  } finally {
    await temporal.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
