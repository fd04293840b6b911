/**
 * Records the history of a webhook delivery whose first attempt was POSTed (200) and recorded
 * but whose activity's completion was lost, as the delivery workflow runs it now, for the
 * determinism check (libs/workflows/test/replay.spec.ts). Later POSTs are answered 500. Saved as
 * temporal/histories/webhook-delivery-<PREFIX>-lost-completion.json, beside the histories of
 * earlier versions of the workflow, which stay as they are
 * (docs/decisions/0052-recorded-outcome-wins.md).
 *
 *   node scripts/node.cjs node -r @swc-node/register scripts/record-lost-completion-history.ts PREFIX
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@vidgen/db';
import { postgresServer, REPO_ROOT, startTemporalDevServer, withDatabase } from '@vidgen/devstack';
import { HttpsReceiver, makeCertificates } from '@vidgen/stack-harness';
import { deliverWithLostCompletion, trustTestCa } from '../libs/webhooks/test/support/lost-completion';

async function main(): Promise<void> {
  const prefix = process.argv[2];
  if (!prefix || !/^[a-z0-9-]+$/.test(prefix))
    throw new Error('usage: record-lost-completion-history.ts PREFIX');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-histories-'));
  const stops: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  try {
    const server = await postgresServer({
      url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      dataDir: path.join(dir, 'pg'),
    });
    if (server.embedded) stops.push(server.embedded.stop);
    const databaseUrl = withDatabase(server.url, `vidgen_histories_${randomBytes(4).toString('hex')}`);
    await ensureDatabase(databaseUrl);
    stops.push(() => dropDatabase(databaseUrl));
    const db = createDb(databaseUrl, { max: 4 });
    stops.push(() => db.destroy());
    await migrateToLatest(db);
    const temporal = await startTemporalDevServer({ headless: true, envPath: process.env.PATH });
    stops.push(temporal.stop);
    const certs = makeCertificates();
    stops.push(async () => certs.cleanup());
    trustTestCa(certs.caPath);
    const receiver = new HttpsReceiver(certs);
    await receiver.start();
    stops.push(() => receiver.stop());

    const route = receiver.route([{ status: 200 }, { status: 500 }]);
    const run = await deliverWithLostCompletion({
      db,
      databaseUrl,
      temporalAddress: temporal.address,
      url: route.url,
    });
    const file = path.join(
      REPO_ROOT,
      'temporal',
      'histories',
      `webhook-delivery-${prefix}-lost-completion.json`,
    );
    await writeFile(file, `${historyToJSON(run.history)}\n`);
    console.log(
      `${path.relative(REPO_ROOT, file)}: ${run.history.events?.length} events, ` +
        `${route.received.length} POST(s), ${run.result.status} after ${run.result.attempts} attempt(s)`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
