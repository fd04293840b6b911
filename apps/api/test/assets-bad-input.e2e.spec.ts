import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { type Stack, startStack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { assetRows, type Fixture, makeFixtures, rawUpload, storedFiles, upload } from './support/asset-files';

const crc32 = (buf: Buffer): number => {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
};

/** A well-formed PNG (checksums and all) whose header declares `width`x`height` pixels. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  // One row of zeros compressed: a bomb's payload is tiny, its canvas is not.
  const idat = deflateSync(Buffer.alloc(width * 3 + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Every refused file is a 422 at its field and leaves nothing behind: no row for the account
 * and no file (staging included) under the asset folder. The api is one of its own, on a data
 * folder no other spec writes to, so "no new file" is about this spec's requests alone.
 */
describe('POST /assets: refused input stores nothing', () => {
  let fixtures: Fixture[];
  let account: TestAccount;
  let stack: Stack;
  const dataDir = path.join(inject('stack').dataDir, 'assets-bad-input');
  const assetsDir = () => path.join(dataDir, 'assets');
  const byFormat = (format: string) => fixtures.find((f) => f.format === format)!;

  async function expectNothingStored(
    send: () => Promise<{ status: number; body: any } | null>,
    loc: string[],
  ) {
    const filesBefore = storedFiles(assetsDir());
    const rowsBefore = await assetRows(testDb(), account.accountId);
    const res = await send();
    expect(res?.status, JSON.stringify(res?.body)).toBe(422);
    expect(res!.body.error.code).toBe('VALIDATION_ERROR');
    expect(res!.body.error.details[0].loc).toEqual(loc);
    expect(await assetRows(testDb(), account.accountId)).toBe(rowsBefore);
    expect(storedFiles(assetsDir())).toEqual(filesBefore);
    return res!.body.error.details[0].msg as string;
  }

  beforeAll(async () => {
    const ctx = inject('stack');
    stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `assets-bad-input-${Date.now()}`,
      dataDir,
      apiOnly: true,
    });
    fixtures = makeFixtures();
    account = await createAccount({ baseUrl: stack.baseUrl });
    // Something stored already, so "nothing new" is checked against a folder that exists.
    expect((await upload(account.api, byFormat('png').bytes, 'kept.png')).status).toBe(201);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('a text file named .png', async () => {
    const text = Buffer.from('This is a shopping list, not a picture.\n'.repeat(20));
    const msg = await expectNothingStored(() => upload(account.api, text, 'picture.png'), ['body', 'file']);
    expect(msg).toMatch(/not a supported file/);
  });

  it('a truncated JPEG', async () => {
    const jpeg = byFormat('jpeg').bytes;
    const msg = await expectNothingStored(
      () => upload(account.api, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'photo.jpg'),
      ['body', 'file'],
    );
    expect(msg).toMatch(/not a valid JPEG file/);
  });

  it('a PNG that declares 30000x30000 pixels (a decompression bomb)', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    const msg = await expectNothingStored(() => upload(account.api, bomb, 'bomb.png'), ['body', 'file']);
    expect(msg).toMatch(/30000x30000 pixels; at most 16384 per side/);
  });

  it('an MP3 that does not decode', async () => {
    // A valid first frame header, then noise where the frames should be.
    const noise = Buffer.alloc(20_000);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 251;
    const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), noise]);
    const msg = await expectNothingStored(() => upload(account.api, mp3, 'song.mp3'), ['body', 'file']);
    expect(msg).toMatch(/not a valid MP3 file/);
  });

  it('a file over ASSET_UPLOAD_MAX_BYTES (25 MiB), cut off while it streams', async () => {
    const png = byFormat('png').bytes;
    const msg = await expectNothingStored(
      () => rawUpload(stack.baseUrl, account.key, { head: png, total: 26 * 1024 * 1024 }),
      ['body', 'file'],
    );
    expect(msg).toMatch(/larger than 26214400 bytes/);
  });

  it('an upload whose client disconnects half-way leaves nothing behind', async () => {
    const filesBefore = storedFiles(assetsDir());
    const rowsBefore = await assetRows(testDb(), account.accountId);
    const png = byFormat('png').bytes;
    const staging = () => storedFiles(assetsDir()).filter((f) => f.startsWith('.staging/'));
    let seenStaged: string[] = [];
    const answer = await rawUpload(stack.baseUrl, account.key, {
      head: png,
      total: 4 * 1024 * 1024,
      abortAfter: 2 * 1024 * 1024,
      // Cut the connection only once the api is visibly writing the file.
      beforeAbort: async () => {
        const until = Date.now() + 10_000;
        while (seenStaged.length === 0 && Date.now() < until) {
          seenStaged = staging();
          await new Promise((r) => setTimeout(r, 20));
        }
      },
    });
    expect(answer).toBeNull();
    expect(seenStaged).toHaveLength(1);
    // The api notices the closed connection and removes the partial file on its own.
    const deadline = Date.now() + 10_000;
    while (storedFiles(assetsDir()).length !== filesBefore.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(storedFiles(assetsDir())).toEqual(filesBefore);
    expect(await assetRows(testDb(), account.accountId)).toBe(rowsBefore);
    // And the api still serves.
    expect((await account.api.get('/assets')).status).toBe(200);
  });

  it.each([
    ['http', 'http://example.com/picture.png', /must be an https URL/],
    ['a loopback address', 'https://127.0.0.1:9/picture.png', /non-public address \(127\.0\.0\.1\)/],
    ['localhost', 'https://localhost:9/picture.png', /non-public address/],
    ['a private address', 'https://10.1.2.3/picture.png', /non-public address \(10\.1\.2\.3\)/],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/', /non-public address/],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/a.png', /non-public address/],
  ])('a source_url that is %s', async (_what, sourceUrl, message) => {
    const msg = await expectNothingStored(
      () => account.api.post('/assets', { source_url: sourceUrl }),
      ['body', 'source_url'],
    );
    expect(msg).toMatch(message);
  });

  it('a JSON body without source_url, and one with unknown fields', async () => {
    await expectNothingStored(() => account.api.post('/assets', { name: 'x' }), ['body', 'source_url']);
    await expectNothingStored(
      () => account.api.post('/assets', { source_url: 'https://example.com/a.png', type: 'image' }),
      ['body', 'type'],
    );
  });
});
