/**
 * Records the histories of two webhook deliveries as the delivery workflow runs them now, for the
 * determinism check (libs/workflows/test/replay.spec.ts): one to a receiver that answers 200 and
 * one to an address where nothing listens (four attempts). Saved as
 * temporal/histories/webhook-delivery-<PREFIX>-delivered.json and …-always-failing.json, beside the
 * histories of earlier versions of the workflow, which stay as they are.
 *
 *   node -r @swc-node/register scripts/record-delivery-histories.ts PREFIX
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { createDb, sql } from '@vidgen/db';
import { REPO_ROOT } from '@vidgen/devstack';
import { HttpsReceiver, makeCertificates } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { benchClient, startBenchStack } from '../bench/support';

async function main(): Promise<void> {
  const prefix = process.argv[2];
  if (!prefix || !/^[a-z0-9-]+$/.test(prefix)) throw new Error('usage: record-delivery-histories.ts PREFIX');
  const certs = makeCertificates();
  const receiver = new HttpsReceiver(certs);
  await receiver.start();
  const bench = await startBenchStack({
    NODE_EXTRA_CA_CERTS: certs.caPath,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    WEBHOOK_BACKOFF_BASE_SECONDS: '0.2',
    WEBHOOK_BACKOFF_FACTOR: '2',
    WEBHOOK_TIMEOUT_SECONDS: '2',
    LOG_LEVEL: 'warn',
  });
  try {
    const api = benchClient(bench.stack.baseUrl, await bench.key(100));
    const hooks = {
      delivered: receiver.route([{ status: 200 }]).url,
      'always-failing': 'https://127.0.0.1:9/hook',
    };
    const ids: Record<string, string> = {};
    for (const [name, url] of Object.entries(hooks)) {
      ids[name] = (
        await api<{ id: string }>('POST', '/callbacks', { url, event: 'video.completed' })
      ).body.id;
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
    const connection = await Connection.connect({ address: bench.temporalAddress });
    const client = new Client({ connection });
    try {
      for (const [name, webhookId] of Object.entries(ids)) {
        const { rows } = await sql<{ id: string }>`
          select id from webhook_deliveries where webhook_id = ${webhookId}`.execute(db);
        const handle = client.workflow.getHandle(workflowIds.webhookDelivery(rows[0]!.id));
        await handle.result();
        const history = await handle.fetchHistory();
        const file = path.join(REPO_ROOT, 'temporal', 'histories', `webhook-delivery-${prefix}-${name}.json`);
        await writeFile(file, `${historyToJSON(history)}\n`);
        console.log(`${path.relative(REPO_ROOT, file)}: ${history.events?.length} events`);
      }
    } finally {
      await connection.close();
      await db.destroy();
    }
  } finally {
    await bench.stop();
    await receiver.stop();
    certs.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
