/**
 * Records workflow histories for the determinism check in CI (libs/workflows/test/replay.spec.ts):
 * runs a set of scenarios on a real stack and saves each workflow's history as JSON under
 * temporal/histories/. Run it when a workflow changes on purpose (behind `patched()` once
 * shipped) and commit the files: `npm run histories:record`.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { createDb, sql } from '@vidgen/db';
import { REPO_ROOT } from '@vidgen/devstack';
import { workflowIds } from '@vidgen/workflows';
import { startBenchStack } from '../bench/support';

const OUT = path.join(REPO_ROOT, 'temporal', 'histories');

async function main(): Promise<void> {
  const bench = await startBenchStack({
    VIDGEN_FAULT_INJECTION: '1',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    WEBHOOK_BACKOFF_BASE_SECONDS: '0.2',
    WEBHOOK_BACKOFF_FACTOR: '2',
    WEBHOOK_TIMEOUT_SECONDS: '2',
    LOG_LEVEL: 'warn',
  });
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

  // A webhook that always fails fast (nothing listens there): its delivery runs all four attempts.
  await call('POST', '/callbacks', { url: 'https://127.0.0.1:9/hook', event: 'video.completed' });

  // 1. gate → edit, add and delete scenes → approve → completed (and a webhook delivery)
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

  // 2. a scene image fails → refund → approve retries only that scene → completed
  v = (
    await call('POST', '/videos', {
      prompt: 'Tide pools at low tide.',
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

  const db = createDb(bench.databaseUrl, { max: 1 });
  const { rows } = await sql<{
    id: string;
  }>`select id from webhook_deliveries order by created_at limit 1`.execute(db);
  await db.destroy();

  const connection = await Connection.connect({ address: bench.stack.env.TEMPORAL_ADDRESS! });
  const client = new Client({ connection });
  const save = async (name: string, workflowId: string) => {
    const handle = client.workflow.getHandle(workflowId);
    await handle.result().catch(() => undefined);
    const history = await handle.fetchHistory();
    await writeFile(path.join(OUT, `${name}.json`), `${historyToJSON(history)}\n`);
    console.log(`${name}: ${history.events?.length} events`);
  };
  for (const [name, id] of Object.entries(recorded)) await save(`video-${name}`, workflowIds.video(id));
  if (rows[0]) await save('webhook-delivery-always-failing', workflowIds.webhookDelivery(rows[0].id));
  await connection.close();
  await bench.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
