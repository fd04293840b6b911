import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installModel, RECOMMENDED_MODELS, type RecommendedModel } from './llama-models';

/**
 * The Hugging Face download against a stand-in that answers as the hub does: the resolve URL
 * redirects (302) to a CDN path with X-Linked-Etag (the LFS oid), X-Linked-Size and
 * X-Repo-Commit; the CDN serves ranges with 206. What it serves is set per test.
 */
const REVISION = 'a'.repeat(40);
const body = randomBytes(256 * 1024 + 17);
const sha256 = createHash('sha256').update(body).digest('hex');
const model: RecommendedModel = {
  name: 'tiny',
  file: 'tiny-q4_k_m.gguf',
  sha256,
  bytes: body.length,
  license: 'Apache-2.0',
  about: 'a stand-in',
  huggingFace: { repo: 'Org/Tiny-GGUF', revision: REVISION },
};

interface Hub {
  /** What the CDN sends for the file (the pinned bytes unless a test says otherwise). */
  served: Buffer;
  /** What the hub reports as the file's digest for the revision. */
  reported: string;
  /** Cut the connection after this many bytes of the next GET, once. */
  cutAfter?: number;
  requests: { method: string; url: string; range?: string }[];
}

let server: Server;
let endpoint: string;
let hub: Hub;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hub.requests.push({ method: req.method!, url: req.url!, range: req.headers.range });
    if (req.url === `/${model.huggingFace.repo}/resolve/${REVISION}/${model.file}`) {
      res.writeHead(302, {
        Location: `/cdn/${hub.reported}?signed=1`,
        'X-Linked-Etag': `"${hub.reported}"`,
        'X-Linked-Size': String(body.length),
        'X-Repo-Commit': REVISION,
        ETag: '"git-blob-sha1"',
      });
      res.end();
      return;
    }
    if (!req.url?.startsWith('/cdn/')) {
      res.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range ? Number(range[1]) : 0;
    const chunk = hub.served.subarray(from);
    res.writeHead(range ? 206 : 200, {
      'Content-Length': String(chunk.length),
      'Accept-Ranges': 'bytes',
      ...(range && { 'Content-Range': `bytes ${from}-${hub.served.length - 1}/${hub.served.length}` }),
    });
    if (req.method === 'HEAD') return void res.end();
    if (hub.cutAfter !== undefined) {
      const cut = hub.cutAfter;
      hub.cutAfter = undefined;
      // Dropped once the client has had time to take the bytes: a reset with data still unread
      // would lose them, and the resumption would start from nothing.
      res.write(chunk.subarray(0, cut), () => setTimeout(() => res.destroy(), 300));
      return;
    }
    res.end(chunk);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  hub = { served: body, reported: sha256, requests: [] };
  dir = await mkdtemp(path.join(tmpdir(), 'vidgen-models-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

const install = () => installModel(model, dir, { source: 'huggingface', endpoint });

describe('installModel from a Hugging Face revision', () => {
  it('follows the redirect to the CDN and keeps the file whose digest the hub reported', async () => {
    const file = await install();
    expect(file).toBe(path.join(dir, model.file));
    expect((await readFile(file)).equals(body)).toBe(true);
    expect(hub.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      `HEAD /Org/Tiny-GGUF/resolve/${REVISION}/${model.file}`,
      `GET /cdn/${sha256}`,
    ]);
    expect(await readdir(dir)).toEqual([model.file]);
  });

  it('resumes a connection lost mid-file with a range and gets the whole file', async () => {
    hub.cutAfter = 100_000;
    const file = await install();
    expect((await readFile(file)).equals(body)).toBe(true);
    const gets = hub.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(2);
    expect(gets[0]!.range).toBeUndefined();
    // Resumed from what had arrived: some of the first 100,000 bytes, never from the start.
    const from = Number(/^bytes=(\d+)-$/.exec(gets[1]!.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(100_000);
  });

  it('resumes the part an interrupted run left', async () => {
    await writeFile(path.join(dir, `${model.file}.part`), body.subarray(0, 200_000));
    const file = await install();
    expect((await readFile(file)).equals(body)).toBe(true);
    expect(hub.requests.filter((r) => r.method === 'GET').map((r) => r.range)).toEqual(['bytes=200000-']);
  });

  it('refuses a corrupted body and leaves no file', async () => {
    const corrupted = Buffer.from(body);
    corrupted[1234] = (corrupted[1234]! + 1) % 256;
    hub.served = corrupted;
    await expect(install()).rejects.toThrow(`is not the pinned ${sha256}`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a revision whose reported digest is not the pinned one, before downloading', async () => {
    hub.reported = 'b'.repeat(64);
    await expect(install()).rejects.toThrow(`the hub reports SHA-256 ${'b'.repeat(64)}`);
    expect(hub.requests.map((r) => r.method)).toEqual(['HEAD']);
    expect(existsSync(path.join(dir, model.file))).toBe(false);
  });
});

describe('RECOMMENDED_MODELS', () => {
  it('pins the Qwen2.5 instruct models of Qwen’s own repositories by commit, digest and size', () => {
    for (const name of ['qwen2.5-1.5b', 'qwen2.5-3b']) {
      const m = RECOMMENDED_MODELS.find((r) => r.name === name)!;
      expect(m.huggingFace.repo).toMatch(/^Qwen\/Qwen2\.5-(1\.5|3)B-Instruct-GGUF$/);
      expect(m.huggingFace.revision).toMatch(/^[0-9a-f]{40}$/);
      expect(m.file).toMatch(/^qwen2\.5-(1\.5|3)b-instruct-q4_k_m\.gguf$/);
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.bytes).toBeGreaterThan(1e9);
    }
  });
});
