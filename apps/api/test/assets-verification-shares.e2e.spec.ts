import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '@vidgen/media';
import type { Stack } from '@vidgen/stack-harness';
import { makeCertificates, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { assetRows, upload } from './support/asset-files';

const MIB = 1024 * 1024;
/** Each import reserves this much staging space (the size limit): it cannot know its size sooner. */
const UPLOAD_MAX = MIB;
const STAGING_MAX = 3.5 * MIB;

/**
 * Verification shares (docs/decisions/0051-verification-shares.md), on an api of its own with
 * two uploads or imports per account, a 1 MiB size limit and 3.5 MiB of staging space. An
 * account's share is held by imports whose source server (a local HTTPS stand-in) has taken the
 * request and not yet answered: they are admitted, nothing of them is staged yet, and they end
 * only when the spec lets the stand-in answer, so what is refused or accepted meanwhile is
 * decided by the shares alone, never by how fast something decodes.
 */
describe('POST /assets: verification shares per account and the staging budget', () => {
  let certs: TestCertificates;
  let server: https.Server;
  let stack: Stack;
  let tone: Buffer;
  let longTone: Buffer;
  /** Every path the stand-in was asked for, in order. */
  const served: string[] = [];
  /** Requests the stand-in holds unanswered, by path. */
  const held = new Map<string, ServerResponse>();
  let nextHold = 0;
  const label = 'assets-verification-shares';
  const stagingDir = () => path.join(inject('stack').dataDir, label, 'assets', '.staging');
  const staged = () => {
    try {
      return readdirSync(stagingDir());
    } catch {
      return [];
    }
  };
  const at = (p: string) => `https://localhost:${(server.address() as AddressInfo).port}${p}`;

  /**
   * `n` imports of the account whose source answers only when released: resolves once the
   * stand-in has every request, so the api has admitted them and is waiting on the download.
   */
  async function hold(account: TestAccount, n: number) {
    const paths = Array.from({ length: n }, () => `/held/${nextHold++}/tone.wav`);
    let settled = 0;
    const answers = paths.map((p) =>
      account.api.post('/assets', { source_url: at(p) }).finally(() => {
        settled += 1;
      }),
    );
    const deadline = Date.now() + 20_000;
    while (!paths.every((p) => held.has(p)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(
      paths.filter((p) => !held.has(p)),
      'imports the stand-in never received',
    ).toEqual([]);
    return {
      /** How many of the held imports have been answered by the api. */
      settled: () => settled,
      /** The stand-in serves the files; resolves with the api's answers to the imports. */
      release: async (): Promise<ApiResponse[]> => {
        for (const p of paths) {
          held.get(p)?.writeHead(200, { 'Content-Type': 'audio/wav' }).end(tone);
          held.delete(p);
        }
        return Promise.all(answers);
      },
    };
  }

  const expectRefused = (res: ApiResponse, message: RegExp) => {
    expect(res.status, res.text).toBe(429);
    // The rate limiter's simple body, and when to try again.
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(message);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  };
  const SHARE_FULL = /2 uploads or imports per account/;
  const STAGING_FULL = /bytes of uploads and imports/;

  beforeAll(async () => {
    const ffmpeg = resolveFfmpeg();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-shares-'));
    const wav = (seconds: number) => {
      const file = path.join(dir, `tone-${seconds}.wav`);
      execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=duration=${seconds}`, file]);
      return readFileSync(file);
    };
    tone = wav(1); // about 88 KB
    longTone = wav(10); // about 880 KB
    rmSync(dir, { recursive: true, force: true });
    certs = makeCertificates();
    server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      const url = req.url ?? '';
      served.push(url);
      if (url.startsWith('/held/')) held.set(url, res);
      else if (url === '/files/tone.wav') res.writeHead(200, { 'Content-Type': 'audio/wav' }).end(tone);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    stack = await startOwnStack(label, {
      apiOnly: true,
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        ASSET_UPLOAD_MAX_BYTES: String(UPLOAD_MAX),
        ASSET_STAGING_MAX_BYTES: String(STAGING_MAX),
        ASSET_VERIFY_PER_ACCOUNT: '2',
        ASSET_VERIFY_QUEUE_MAX: '8',
      },
    });
  }, 180_000);

  afterEach(() => {
    // A failed test must not leave its holds to the next one.
    for (const res of held.values()) res.writeHead(404).end();
    held.clear();
  });

  afterAll(async () => {
    await stack?.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    certs?.cleanup();
  });

  it("refuses one account's uploads beyond its share with 429 while another account's upload is verified", async () => {
    const flooder = await createAccount({ baseUrl: stack.baseUrl });
    const other = await createAccount({ baseUrl: stack.baseUrl });
    const share = await hold(flooder, 2);

    const extra = await Promise.all([1, 2, 3].map(() => upload(flooder.api, tone, 'tone.wav')));
    for (const res of extra) expectRefused(res, SHARE_FULL);
    // Another account is not behind the flooder's uploads: its own is verified and stored
    // while the flooder's two are still in progress.
    const others = await upload(other.api, tone, 'tone.wav');
    expect(others.status, others.text).toBe(201);
    expect(others.body).toMatchObject({ type: 'audio', source: 'upload' });
    expect(share.settled()).toBe(0);

    const answers = await share.release();
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    // The share frees as its verifications end.
    expect((await upload(flooder.api, tone, 'tone.wav')).status).toBe(201);
    expect(await assetRows(testDb(), flooder.accountId)).toBe(3);
  });

  it('writes nothing of an upload refused for a full share to the staging folder', async () => {
    const account = await createAccount({ baseUrl: stack.baseUrl });
    const share = await hold(account, 2);
    expect(staged()).toEqual([]);

    expectRefused(await upload(account.api, longTone, 'long.wav'), SHARE_FULL);
    expect(staged()).toEqual([]);
    expect(await assetRows(testDb(), account.accountId)).toBe(0);

    expect((await share.release()).map((a) => a.status)).toEqual([201, 201]);
    expect(staged()).toEqual([]);
  });

  it('never fetches the source of an import refused for a full share', async () => {
    const account = await createAccount({ baseUrl: stack.baseUrl });
    const other = await createAccount({ baseUrl: stack.baseUrl });
    const share = await hold(account, 2);
    const fetched = () => served.filter((p) => p === '/files/tone.wav').length;
    const before = fetched();

    expectRefused(await account.api.post('/assets', { source_url: at('/files/tone.wav') }), SHARE_FULL);
    expect(fetched()).toBe(before);
    // The stand-in does answer an import that is let through: the refusal is what kept it away.
    const others = await other.api.post('/assets', { source_url: at('/files/tone.wav') });
    expect(others.status, others.text).toBe(201);
    expect(fetched()).toBe(before + 1);

    expect((await share.release()).map((a) => a.status)).toEqual([201, 201]);
  });

  it('refuses uploads and imports with 429 while the staging budget is taken, and takes what still fits', async () => {
    const holders = await Promise.all([1, 2, 3].map(() => createAccount({ baseUrl: stack.baseUrl })));
    const newcomer = await createAccount({ baseUrl: stack.baseUrl });
    // Three imports of three accounts reserve 1 MiB each (the size limit) of the 3.5 MiB.
    const holds: Awaited<ReturnType<typeof hold>>[] = [];
    for (const account of holders) holds.push(await hold(account, 1));
    const fetched = () => served.filter((p) => p === '/files/tone.wav').length;
    const before = fetched();

    // An 880 KB upload does not fit in the half MiB left; an 88 KB one does.
    expectRefused(await upload(newcomer.api, longTone, 'long.wav'), STAGING_FULL);
    expect(staged()).toEqual([]);
    expectRefused(await newcomer.api.post('/assets', { source_url: at('/files/tone.wav') }), STAGING_FULL);
    expect(fetched()).toBe(before);
    expect((await upload(newcomer.api, tone, 'tone.wav')).status).toBe(201);

    for (const h of holds) expect((await h.release()).map((a) => a.status)).toEqual([201]);
    // The space comes back once the files are verified and put in place.
    expect((await upload(newcomer.api, longTone, 'long.wav')).status).toBe(201);
    expect(staged()).toEqual([]);
  });
});
