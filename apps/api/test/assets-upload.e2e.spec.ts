import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { content, type Fixture, makeFixtures, upload } from './support/asset-files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAIVE_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** A video of the account in a given state, written straight to the tables (no pipeline needed). */
async function insertVideo(
  accountId: string,
  state: {
    status: string;
    awaitingApproval?: boolean;
    musicAssetId?: string;
    sceneImageAssetId?: string;
    clientSceneImageAssetId?: string;
  },
): Promise<string> {
  const db = testDb();
  const options = state.musicAssetId ? { music: { asset_id: state.musicAssetId } } : {};
  const video = await db
    .insertInto('videos')
    .values({
      account_id: accountId,
      prompt: 'A video that uses a client asset',
      status: state.status as any,
      awaiting_approval: state.awaitingApproval ?? false,
      scene_count: 1,
      options: JSON.stringify(options),
      client_scenes: state.clientSceneImageAssetId
        ? JSON.stringify([{ narration: 'Hello.', image_asset_id: state.clientSceneImageAssetId }])
        : null,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (state.sceneImageAssetId) {
    await db
      .insertInto('scenes')
      .values({
        video_id: video.id,
        position: 0,
        visual_description: 'A lighthouse',
        narration: 'Light.',
        image_asset_id: state.sceneImageAssetId,
      } as any)
      .execute();
  }
  return video.id;
}

describe('POST /assets: uploads', () => {
  let fixtures: Fixture[];
  let owner: TestAccount;
  const uploaded: Record<string, any> = {};

  beforeAll(async () => {
    fixtures = makeFixtures();
    owner = await createAccount();
  });

  it('stores each supported format as the type its bytes say, whatever the file is called', async () => {
    for (const f of fixtures) {
      // A misleading extension: the type must come from the bytes.
      const res = await upload(owner.api, f.bytes, `${f.format}-file.txt`, {
        fields: { name: `My ${f.format}` },
      });
      expect(res.status, `${f.format}: ${res.text}`).toBe(201);
      const a = res.body;
      expect(a, f.format).toMatchObject({
        type: f.type,
        source: 'upload',
        name: `My ${f.format}`,
        content_type: f.contentType,
        bytes: f.bytes.length,
        video_id: null,
      });
      expect(a.id).toMatch(UUID);
      expect(a.created_at).toMatch(NAIVE_MICROS);
      expect(a.url).toMatch(
        new RegExp(`/api/v1/assets/${a.id}/content\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      );
      if (f.type === 'image') {
        expect([a.width, a.height, a.duration_seconds], f.format).toEqual([f.width, f.height, null]);
      } else {
        expect([a.width, a.height], f.format).toEqual([null, null]);
        expect(
          Math.abs(a.duration_seconds - f.durationSeconds!),
          `${f.format}: ${a.duration_seconds}`,
        ).toBeLessThan(0.1);
      }
      uploaded[f.format] = a;
    }
  });

  it('serves back exactly the bytes uploaded, with the key and by the signed URL', async () => {
    for (const f of fixtures) {
      const record = uploaded[f.format];
      for (const signed of [false, true]) {
        const got = await content(owner.api, record, signed);
        expect(got.status, f.format).toBe(200);
        expect(got.contentType, f.format).toBe(f.contentType);
        expect(got.bytes.equals(f.bytes), f.format).toBe(true);
      }
      const fetched = await owner.api.get(`/assets/${record.id}`);
      expect(fetched.body).toEqual(record);
    }
  });

  it('serves one byte range with 206 and answers an unsatisfiable one with 416', async () => {
    const record = uploaded.wav;
    const bytes = fixtures.find((f) => f.format === 'wav')!.bytes;
    const get = (range: string) =>
      fetch(`${owner.api.baseUrl}/assets/${record.id}/content`, {
        headers: { 'X-Api-Key': owner.api.key!, Range: range },
      });
    const part = await get('bytes=10-99');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 100))).toBe(true);
    const beyond = await get(`bytes=${bytes.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('names the asset after the file unless a name field comes, before or after the file', async () => {
    const png = fixtures.find((f) => f.format === 'png')!;
    expect((await upload(owner.api, png.bytes, 'diagram.png')).body.name).toBe('diagram.png');
    const first = await upload(owner.api, png.bytes, 'x.png', {
      fields: { name: 'Cover' },
      fieldsFirst: true,
    });
    expect(first.body.name).toBe('Cover');
  });

  it('refuses a second field it does not know and a missing file part, at their fields', async () => {
    const png = fixtures.find((f) => f.format === 'png')!;
    const extra = await upload(owner.api, png.bytes, 'a.png', { fields: { kind: 'image' } });
    expect(extra.status, extra.text).toBe(422);
    expect(extra.body.error.details).toEqual([
      { loc: ['body', 'kind'], msg: 'property kind should not exist' },
    ]);
    const wrongPart = await upload(owner.api, png.bytes, 'a.png', { part: 'image' });
    expect(wrongPart.status).toBe(422);
    expect(wrongPart.body.error.details[0].loc).toEqual(['body', 'image']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png.bytes)]), 'a.png');
    form.append('thumb', new Blob([new Uint8Array(png.bytes)]), 'b.png');
    const before = (await owner.api.get('/assets?limit=100')).body.data.length;
    const second = await owner.api.request('POST', '/assets', { form });
    expect(second.status, second.text).toBe(422);
    expect(second.body.error.details).toEqual([
      { loc: ['body', 'thumb'], msg: 'property thumb should not exist' },
    ]);
    expect((await owner.api.get('/assets?limit=100')).body.data.length).toBe(before);
  });

  it('renames with PATCH, clears with null, and refuses unknown fields', async () => {
    const id = uploaded.mp3.id;
    const res = await owner.api.patch(`/assets/${id}`, { name: 'Intro music' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Intro music', source: 'upload', type: 'audio' });
    expect((await owner.api.get(`/assets/${id}`)).body.name).toBe('Intro music');
    expect((await owner.api.patch(`/assets/${id}`, { name: null })).body.name).toBeNull();

    const unknown = await owner.api.patch(`/assets/${id}`, { name: 'x', type: 'image' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details).toEqual([
      { loc: ['body', 'type'], msg: 'property type should not exist' },
    ]);
    const empty = await owner.api.patch(`/assets/${id}`, { name: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details[0].loc).toEqual(['body', 'name']);
  });

  it('lists by source, and validates the source', async () => {
    // A generated asset of the same account, as the pipeline writes it.
    await testDb()
      .insertInto('assets')
      .values({
        account_id: owner.accountId,
        video_id: null,
        type: 'image',
        path: `${owner.accountId}/generated.png`,
        mime_type: 'image/png',
        size_bytes: 1,
      })
      .execute();
    const uploads = await owner.api.get('/assets?source=upload&limit=100');
    expect(uploads.status).toBe(200);
    expect(uploads.body.data.length).toBe(fixtures.length + 2);
    expect(new Set(uploads.body.data.map((a: any) => a.source))).toEqual(new Set(['upload']));
    const generated = await owner.api.get('/assets?source=generated');
    expect(generated.body.data.map((a: any) => a.source)).toEqual(['generated']);
    expect((await owner.api.get('/assets?source=import')).body.data).toEqual([]);

    const bad = await owner.api.get('/assets?source=uploaded');
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].loc).toEqual(['query', 'source']);
  });

  it("keeps one account's assets from another: 404 for get, rename, delete and content", async () => {
    const stranger = await createAccount();
    const id = uploaded.png.id;
    expect((await stranger.api.get(`/assets/${id}`)).status).toBe(404);
    expect((await stranger.api.patch(`/assets/${id}`, { name: 'mine' })).status).toBe(404);
    expect((await stranger.api.delete(`/assets/${id}`)).status).toBe(404);
    expect((await content(stranger.api, uploaded.png)).status).toBe(404);
    expect((await owner.api.patch('/assets/not-a-uuid', { name: 'x' })).status).toBe(404);
    expect((await owner.api.get(`/assets/${id}`)).body.name).toBe('My png');
  });

  it('refuses to upload, rename or delete with a key that lacks assets:write (403)', async () => {
    const reader = await owner.keyWith(['assets:read']);
    const png = fixtures.find((f) => f.format === 'png')!;
    for (const res of [
      await upload(reader.api, png.bytes, 'a.png'),
      await reader.api.post('/assets', { source_url: 'https://example.com/a.png' }),
      await reader.api.patch(`/assets/${uploaded.png.id}`, { name: 'x' }),
      await reader.api.delete(`/assets/${uploaded.png.id}`),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses to delete an asset any video references (scene image, script image, music), running, at the gate, failed or completed; deletes it once the video is gone', async () => {
    const assetsDir = path.join(inject('stack').dataDir, 'shared', 'assets');
    const image = uploaded.jpeg;
    const scriptImage = uploaded.webp;
    const music = uploaded.ogg;
    const gateMusic = uploaded.wav;
    const imageVideo = await insertVideo(owner.accountId, { status: 'failed', sceneImageAssetId: image.id });
    const musicVideo = await insertVideo(owner.accountId, { status: 'completed', musicAssetId: music.id });
    // Still scripting: the client's script names the image, no scene row does yet.
    const scriptVideo = await insertVideo(owner.accountId, {
      status: 'scripting',
      clientSceneImageAssetId: scriptImage.id,
    });
    const gateVideo = await insertVideo(owner.accountId, {
      status: 'pending',
      awaitingApproval: true,
      musicAssetId: gateMusic.id,
    });

    for (const a of [image, scriptImage, music, gateMusic]) {
      const res = await owner.api.delete(`/assets/${a.id}`);
      expect(res.status, res.text).toBe(409);
      expect(res.body.error.code).toBe('INVALID_STATE');
      expect((await owner.api.get(`/assets/${a.id}`)).status).toBe(200);
    }
    const paths = await testDb()
      .selectFrom('assets')
      .select(['id', 'path'])
      .where('id', 'in', [image.id, scriptImage.id, music.id, gateMusic.id])
      .execute();
    for (const p of paths) expect(existsSync(path.join(assetsDir, p.path))).toBe(true);

    await testDb()
      .updateTable('videos')
      .set({ deleted_at: new Date().toISOString() } as any)
      .where('id', 'in', [imageVideo, musicVideo, scriptVideo, gateVideo])
      .execute();
    for (const a of [image, scriptImage, music, gateMusic]) {
      expect((await owner.api.delete(`/assets/${a.id}`)).status).toBe(204);
      expect((await owner.api.get(`/assets/${a.id}`)).status).toBe(404);
      expect((await content(owner.api, a, true)).status).toBe(404);
    }
    for (const p of paths) expect(existsSync(path.join(assetsDir, p.path))).toBe(false);
  });
});
