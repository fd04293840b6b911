/**
 * `npm run screenshots:temporal-ui`: docs/screenshots/temporal-ui-failure-code.png, the Temporal
 * Web UI listing a failed video filtered by `VidgenFailureCode` (the filter docs/runbook.md gives).
 * Starts a Temporal dev server with its UI, a fresh database on the local PostgreSQL, an api and a
 * worker with fault injection on; makes one video fail with AUDIO_GENERATION_ERROR; opens the
 * filtered list in headless Chromium and saves the page once the video's row is there.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@vidgen/db';
import { ensureFfmpeg, REPO_ROOT, startTemporalDevServer } from '@vidgen/devstack';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import { startStack } from '@vidgen/stack-harness';
import { launchChromium } from '../apps/dashboard/test/browser';

const OUT = path.join(REPO_ROOT, 'docs', 'screenshots', 'temporal-ui-failure-code.png');
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (m: string) => process.stderr.write(`[temporal-ui-screenshot] ${m}\n`);

async function failedVideo(baseUrl: string, key: string): Promise<string> {
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const res = await fetch(`${baseUrl}/videos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      prompt: 'A lighthouse keeper climbs the stairs at dusk. The lamp turns over a calm sea.',
      scene_count: 1,
      auto_approve: true,
      faults: { narrating: { fail: true } },
    }),
  });
  if (res.status !== 201) throw new Error(`POST /videos: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
    const video = (await (await fetch(`${baseUrl}/videos/${id}`, { headers })).json()) as { status: string };
    if (video.status === 'failed') return id;
    if (video.status === 'completed') throw new Error('the video completed; fault injection is off?');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`video ${id} did not fail in time`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-ui-shot-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const url = new URL(SERVER);
    url.pathname = `/vidgen_ui_shot_${Date.now().toString(36)}`;
    const databaseUrl = url.toString();
    await ensureDatabase(databaseUrl);
    cleanups.push(() => dropDatabase(databaseUrl));
    const db = createDb(databaseUrl, { max: 2 });
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    log(`ffmpeg ${await ensureFfmpeg({ envPath: process.env.PATH, log })}`);

    const temporal = await startTemporalDevServer({ headless: false, envPath: process.env.PATH, log });
    cleanups.push(() => temporal.stop());
    log(`Temporal ${temporal.address}, Web UI ${temporal.uiUrl}`);
    const stack = await startStack({
      databaseUrl,
      temporalAddress: temporal.address,
      taskQueue: 'vidgen',
      dataDir: path.join(dataDir, 'stack'),
      env: { VIDGEN_FAULT_INJECTION: '1' },
    });
    cleanups.push(() => stack.stop());

    const accounts = new AccountRepository(db);
    const account = await accounts.create({ name: 'Lighthouse Films', plan: 'pro' });
    await new LedgerService(new LedgerRepository(db)).grant(account.id, 20);
    const { key } = await new AuthService(new ApiKeyRepository(db), accounts).createKey({
      accountId: account.id,
      scopes: ['videos:*'],
    });
    const videoId = await failedVideo(stack.baseUrl, key);
    log(`video ${videoId} failed`);

    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1440, height: 720 } });
    const query = encodeURIComponent('VidgenFailureCode="AUDIO_GENERATION_ERROR"');
    const listUrl = `${temporal.uiUrl}/namespaces/default/workflows?query=${query}`;
    // Visibility is eventually consistent: reload until the row is listed.
    for (let attempt = 0; ; attempt++) {
      await page.goto(listUrl, { waitUntil: 'networkidle' });
      const row = page.getByText(`video-${videoId}`).first();
      const listed = await row.waitFor({ state: 'visible', timeout: 5000 }).then(
        () => true,
        () => false,
      );
      if (listed) break;
      if (attempt === 10) throw new Error(`video-${videoId} is not listed at ${listUrl}`);
    }
    mkdirSync(path.dirname(OUT), { recursive: true });
    await page.screenshot({ path: OUT });
    log(`saved ${path.relative(REPO_ROOT, OUT)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => log(`cleanup: ${err}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
