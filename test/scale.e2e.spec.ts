import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { freePort, type RunningS3Server, startS3Server, waitFor } from '@vidgen/devstack';
import { type ServiceProcess, type Stack, spawnService, startStack } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeFixtures, upload } from '../apps/api/test/support/asset-files';
import { ApiClient, createAccount, type TestAccount } from './support/api';
import { probe } from './support/ffprobe';

/** Two short scenes, no motion, no fades, no burned-in captions: the least ffmpeg work a video can be. */
const LIGHT_VIDEO = {
  prompt: 'A short tour',
  scenes: [{ narration: 'The first stop.' }, { narration: 'The second stop.' }],
  auto_approve: true,
  motion: 'none',
  transition: 'none',
  captions: { burn_in: false },
};
const VIDEOS_PER_ACCOUNT = [4, 3, 3];
const IN_FLIGHT_PER_ACCOUNT = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET with the key, as bytes. */
async function fetchBytes(api: ApiClient, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url.startsWith('http') ? url : `${api.baseUrl}${url}`, {
    headers: { ...headers, ...(api.key ? { 'X-Api-Key': api.key } : {}) },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function waitForApi(baseUrl: string, proc: ServiceProcess): Promise<void> {
  await waitFor(
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`api exited early:\n${proc.output()}`);
      return fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs: 120_000, intervalMs: 300, what: `api on ${baseUrl}` },
  );
}

describe('scale: two apis, a control worker and two media workers sharing only PostgreSQL, Temporal and S3', () => {
  let s3: RunningS3Server;
  let stack: Stack;
  let root: string;
  let secondApi: ServiceProcess;
  let secondBaseUrl: string;
  let control: ServiceProcess;
  const media: ServiceProcess[] = [];
  const apis = () => [stack.baseUrl, secondBaseUrl];

  beforeAll(async () => {
    const ctx = inject('stack');
    root = mkdtempSync(path.join(os.tmpdir(), 'vidgen-scale-'));
    s3 = await startS3Server({ bucket: 'vidgen-scale' });
    // Every process has a DATA_DIR of its own: nothing can pass between them through the disk.
    const dataDir = (name: string) => path.join(root, name);
    stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `scale-${Date.now()}`,
      dataDir: dataDir('api-1'),
      apiOnly: true,
      env: { ...s3.env, RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    control = spawnService('worker', { ...stack.env, WORKER_ROLES: 'control', DATA_DIR: dataDir('control') });
    for (let i = 0; i < 2; i++)
      media.push(
        spawnService('worker', {
          ...stack.env,
          WORKER_ROLES: 'media',
          WORKER_METRICS_PORT: '0',
          DATA_DIR: dataDir(`media-${i + 1}`),
        }),
      );
    const port = await freePort();
    secondBaseUrl = `http://127.0.0.1:${port}/api/v1`;
    secondApi = spawnService('api', {
      ...stack.env,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      API_METRICS_PORT: '0',
      DATA_DIR: dataDir('api-2'),
    });
    await waitForApi(secondBaseUrl, secondApi);
  });
  afterAll(async () => {
    await Promise.all([...media, control, secondApi].map((p) => p?.stop()));
    await stack?.stop();
    await s3?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('serves an upload stored in the bucket from either api, honouring Range', async () => {
    const { api } = await createAccount({ baseUrl: stack.baseUrl });
    const wav = makeFixtures().find((f) => f.format === 'wav')!;
    const created = await upload(api, wav.bytes, 'tone.wav');
    expect(created.status, created.text).toBe(201);
    const { id } = created.body;
    const size = wav.bytes.length;
    for (const base of apis()) {
      const other = new ApiClient(base, api.key);
      const whole = await fetchBytes(other, `/assets/${id}/content`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.bytes.equals(wav.bytes)).toBe(true);

      const part = await fetchBytes(other, `/assets/${id}/content`, { Range: 'bytes=10-99' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-99/${size}`);
      expect(part.bytes.equals(wav.bytes.subarray(10, 100))).toBe(true);

      const tail = await fetchBytes(other, `/assets/${id}/content`, { Range: 'bytes=-16' });
      expect(tail.status).toBe(206);
      expect(tail.bytes.equals(wav.bytes.subarray(size - 16))).toBe(true);

      const beyond = await fetchBytes(other, `/assets/${id}/content`, { Range: `bytes=${size}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);

      // The signed URL of the record works on the other api too: one signing key, one bucket.
      const signed = new URL(created.body.url);
      const there = new URL(`${base}/assets/${id}/content${signed.search}`);
      const bySignature = await fetchBytes(new ApiClient(base), there.toString(), { Range: 'bytes=0-3' });
      expect(bySignature.status).toBe(206);
      expect(bySignature.bytes.toString('latin1')).toBe('RIFF');
    }
  });

  it('completes 10 videos over 3 accounts, one of them through a media worker killed mid-render; every asset downloads alike from either api', async () => {
    const accounts: TestAccount[] = [];
    for (const _ of VIDEOS_PER_ACCOUNT)
      accounts.push(await createAccount({ credits: 100, baseUrl: stack.baseUrl }));
    const connection = await Connection.connect({ address: inject('stack').temporalAddress });
    const temporal = new Client({ connection });
    const victim = media[0]!;
    // A worker's Temporal identity is `pid@host/<instance id>`.
    const victimIdentity = `${victim.child.pid}@${os.hostname()}/`;
    const inFlight = new Set<string>();
    let killedDuring: string | undefined;
    let lanesDone = false;

    /** SIGKILLs the first media worker once it holds a started renderSegment of some video. */
    const holdsSegment = async (id: string) => {
      const described = await temporal.workflow
        .getHandle(workflowIds.video(id))
        .describe()
        .catch(() => undefined);
      return !!described?.raw.pendingActivities?.some(
        (a) => a.activityType?.name === 'renderSegment' && a.lastWorkerIdentity?.startsWith(victimIdentity),
      );
    };
    const killer = (async () => {
      while (!killedDuring && !lanesDone) {
        const ids = [...inFlight];
        const holding = await Promise.all(ids.map(holdsSegment));
        const id = ids.find((_, i) => holding[i]);
        if (id) {
          await victim.kill();
          killedDuring = id;
          return;
        }
        await sleep(100);
      }
    })();

    /** One lane of an account: its videos one after another, alternating apis; 3 lanes per account at most. */
    const completed: { id: string; account: TestAccount }[] = [];
    async function lane(account: TestAccount, count: number, offset: number): Promise<void> {
      for (let n = 0; n < count; n++) {
        const api = new ApiClient(apis()[(offset + n) % 2]!, account.key);
        const res = await api.post('/videos', LIGHT_VIDEO);
        expect(res.status, res.text).toBe(201);
        const id: string = res.body.id;
        inFlight.add(id);
        let video: any;
        const deadline = Date.now() + 1_200_000;
        do {
          await sleep(1000);
          video = (await api.get(`/videos/${id}`)).body;
        } while (!['completed', 'failed'].includes(video?.status) && Date.now() < deadline);
        inFlight.delete(id);
        expect(video.status, `${id}: ${JSON.stringify(video.failure_reason)}`).toBe('completed');
        completed.push({ id, account });
      }
    }
    const lanes = VIDEOS_PER_ACCOUNT.flatMap((total, a) =>
      Array.from({ length: IN_FLIGHT_PER_ACCOUNT }, (_, l) => {
        const count = Math.floor(total / IN_FLIGHT_PER_ACCOUNT) + (l < total % IN_FLIGHT_PER_ACCOUNT ? 1 : 0);
        return lane(accounts[a]!, count, a + l);
      }),
    );
    try {
      await Promise.all(lanes);
    } finally {
      lanesDone = true;
      await killer;
      await connection.close();
    }
    expect(completed).toHaveLength(10);
    expect(killedDuring, 'the first media worker never held a render segment').toBeDefined();
    expect(completed.map((c) => c.id)).toContain(killedDuring);

    for (const { id, account } of completed) {
      const [one, two] = apis().map((base) => new ApiClient(base, account.key));
      const listed = await one!.get(`/assets?video_id=${id}&limit=100`);
      expect(listed.status).toBe(200);
      const types = listed.body.data.map((a: any) => a.type).sort();
      expect(types).toEqual(
        ['audio', 'image', 'image', 'narration', 'narration', 'subtitles', 'thumbnail', 'video'].sort(),
      );
      for (const asset of listed.body.data) {
        const [a, b] = [
          await fetchBytes(one!, `/assets/${asset.id}/content`),
          await fetchBytes(two!, `/assets/${asset.id}/content`),
        ];
        expect([a.status, b.status], `${asset.type} of ${id}`).toEqual([200, 200]);
        expect(a.bytes.length, `${asset.type} of ${id}`).toBe(asset.bytes);
        expect(a.bytes.equals(b.bytes), `${asset.type} of ${id}`).toBe(true);
      }
    }

    // The video whose segment died with its worker is a whole, playable MP4.
    const { account } = completed.find((c) => c.id === killedDuring)!;
    const api = new ApiClient(secondBaseUrl, account.key);
    const record = (await api.get(`/videos/${killedDuring}`)).body;
    const mp4 = await fetchBytes(new ApiClient(secondBaseUrl), record.video_url);
    expect(mp4.status).toBe(200);
    const file = path.join(root, 'killed.mp4');
    writeFileSync(file, mp4.bytes);
    const probed = await probe(file);
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  }, 1_500_000);
});
