import { execFileSync } from 'node:child_process';
import { resolveFfmpeg } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, createAccount, type TestAccount } from '../../../test/support/api';
import { insetLogo } from '../../../test/support/png';
import { upload } from './support/asset-files';

function expectValidationAt(res: ApiResponse, loc: (string | number)[]): void {
  expect(res.status, res.text).toBe(422);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
}

/** A PNG's pixels as RGB, decoded by ffmpeg. */
function decodePng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const rgb = execFileSync(
    resolveFfmpeg(),
    ['-v', 'error', '-i', '-', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    {
      input: png,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { width, height, rgb };
}

describe('brands', () => {
  let account: TestAccount;
  let logoId: string;
  let audioId: string;

  beforeAll(async () => {
    account = await createAccount();
    const logo = await upload(account.api, insetLogo(200, 100, [255, 0, 0]), 'logo.png');
    expect(logo.status, logo.text).toBe(201);
    logoId = logo.body.id;
    const tone = execFileSync(resolveFfmpeg(), [
      ...[
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=1',
        '-c:a',
        'libvorbis',
        '-f',
        'ogg',
        '-',
      ],
    ]);
    const audio = await upload(account.api, tone, 'tone.ogg');
    expect(audio.status, audio.text).toBe(201);
    audioId = audio.body.id;
  });

  it('GET /fonts lists bundled fonts with the scripts each writes', async () => {
    const res = await account.api.get('/fonts');
    expect(res.status, res.text).toBe(200);
    const inter = res.body.data.find((f: { id: string }) => f.id === 'inter');
    expect(inter).toEqual({
      id: 'inter',
      family: 'Inter',
      scripts: ['Cyrl', 'Grek', 'Latn'],
      license: 'OFL-1.1',
      package: '@fontsource/inter',
    });
    expect(res.body.data.find((f: { id: string }) => f.id === 'noto-sans-jp').scripts).toContain('Jpan');
  });

  it('creates a brand with the defaults filled in, reads, lists and updates it', async () => {
    const res = await account.api.post('/brands', {
      name: 'Acme',
      logo: { asset_id: logoId },
      font: 'inter',
      captions: { text_color: '#00FF00' },
      palette: ['#0B3D91', '#FFD23F'],
      intro: { title: 'Acme presents', seconds: 2 },
      outro: { text: 'acme.example', seconds: 1.5 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Acme',
      logo: { asset_id: logoId, position: 'top-right', size: 0.12, opacity: 0.9 },
      font: 'inter',
      captions: {
        text_color: '#00FF00',
        box_color: '#000000',
        box_opacity: 0.7,
        highlight_color: '#FFD23F',
        position: 'bottom',
      },
      palette: ['#0B3D91', '#FFD23F'],
      intro: { title: 'Acme presents', seconds: 2 },
      outro: { text: 'acme.example', seconds: 1.5 },
      default: false,
    });
    const id = res.body.id;
    expect((await account.api.get(`/brands/${id}`)).body.name).toBe('Acme');
    expect((await account.api.get('/brands')).body.data.map((b: { id: string }) => b.id)).toContain(id);
    const patched = await account.api.patch(`/brands/${id}`, { font: null, outro: null, default: true });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      font: null,
      outro: null,
      default: true,
      intro: { title: 'Acme presents' },
    });
  });

  it('keeps one default brand per account', async () => {
    const a = await account.api.post('/brands', { name: 'A', default: true });
    const b = await account.api.post('/brands', { name: 'B', default: true });
    expect(b.status, b.text).toBe(201);
    const list = (await account.api.get('/brands')).body.data as { id: string; default: boolean }[];
    expect(list.filter((x) => x.default).map((x) => x.id)).toEqual([b.body.id]);
    expect(list.find((x) => x.id === a.body.id)!.default).toBe(false);
  });

  it.each([
    ['an invalid colour', { captions: { text_color: 'red' } }, ['body', 'captions', 'text_color']],
    [
      'a logo of size 0.5',
      { logo: { asset_id: '00000000-0000-4000-8000-000000000000', size: 0.5 } },
      ['body', 'logo', 'size'],
    ],
    ['a card of 6 seconds', { intro: { title: 'Hi', seconds: 6 } }, ['body', 'intro', 'seconds']],
    ['a palette of one colour', { palette: ['#000000'] }, ['body', 'palette']],
    ['an unknown font', { font: 'comic-sans' }, ['body', 'font']],
    ['a logo that is a list', { logo: [] }, ['body', 'logo']],
    ['captions that are a list', { captions: [] }, ['body', 'captions']],
    ['an intro that is a list', { intro: [] }, ['body', 'intro']],
    ['an outro that is a list', { outro: [] }, ['body', 'outro']],
  ])('refuses %s with 422 at its loc', async (_what, fields, loc) => {
    expectValidationAt(await account.api.post('/brands', { name: 'Bad', ...fields }), loc);
  });

  it('refuses a PATCH that changes nothing, and a palette colour that is not #rrggbb', async () => {
    const brand = (await account.api.post('/brands', { name: 'Still' })).body;
    expectValidationAt(await account.api.patch(`/brands/${brand.id}`, {}), ['body']);
    expectValidationAt(await account.api.patch(`/brands/${brand.id}`, { palette: ['#000000', 'white'] }), [
      'body',
      'palette',
    ]);
  });

  it('refuses a logo that is audio, or another account’s image, with 422 at logo.asset_id', async () => {
    expectValidationAt(await account.api.post('/brands', { name: 'Bad', logo: { asset_id: audioId } }), [
      'body',
      'logo',
      'asset_id',
    ]);
    const other = await createAccount();
    expectValidationAt(await other.api.post('/brands', { name: 'Theirs', logo: { asset_id: logoId } }), [
      'body',
      'logo',
      'asset_id',
    ]);
  });

  it('draws a preview frame at the aspect ratio asked, the logo at its corner', async () => {
    const brand = await account.api.post('/brands', {
      name: 'Preview',
      logo: { asset_id: logoId, position: 'bottom-left', size: 0.3, opacity: 1 },
      palette: ['#0000FF', '#0000FF'],
    });
    const res = await fetch(`${account.api.baseUrl}/brands/${brand.body.id}/preview.png?aspect_ratio=9:16`, {
      headers: { 'X-Api-Key': account.key },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = decodePng(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([720, 1280]);
    const at = (x: number, y: number) => [
      ...png.rgb.subarray((y * png.width + x) * 3, (y * png.width + x) * 3 + 3),
    ];
    // Logo 216 px wide (0.3 of 720) and 108 high, 36 px (5 %) from the left and bottom edges: its
    // opaque middle is red, its transparent rim shows the blue backdrop.
    expect(at(36 + 108, 1280 - 36 - 54)).toEqual([255, 0, 0]);
    expect(at(36 + 10, 1280 - 36 - 100)).toEqual([0, 0, 255]);
    const missing = await account.api.get('/brands/00000000-0000-4000-8000-000000000000/preview.png');
    expect(missing.status).toBe(404);
  });

  it('deletes a brand no video uses: 204, then 404', async () => {
    const brand = await account.api.post('/brands', { name: 'Gone' });
    expect((await account.api.delete(`/brands/${brand.body.id}`)).status).toBe(204);
    expect((await account.api.get(`/brands/${brand.body.id}`)).status).toBe(404);
  });

  describe('on videos', () => {
    it('copies the brand named by brand_id into the video, which keeps it when the brand changes; deleting it while the video is in progress is 409', async () => {
      const { api } = await createAccount({ credits: 100 });
      const brand = (
        await api.post('/brands', { name: 'Acme', font: 'lato', intro: { title: 'Acme', seconds: 1 } })
      ).body;
      const video = await api.post('/videos', {
        prompt: 'How bees make honey',
        scene_count: 2,
        brand_id: brand.id,
      });
      expect(video.status, video.text).toBe(201);
      expect(video.body.options.brand).toMatchObject({
        id: brand.id,
        name: 'Acme',
        font: 'lato',
        intro: { title: 'Acme', seconds: 1 },
      });
      expect((await api.patch(`/brands/${brand.id}`, { font: 'inter', name: 'Acme 2' })).status).toBe(200);
      const again = await api.get(`/videos/${video.body.id}`);
      expect(again.body.options.brand).toMatchObject({ name: 'Acme', font: 'lato' });
      const refused = await api.delete(`/brands/${brand.id}`);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error.code).toBe('INVALID_STATE');
    });

    it('wears the account’s default brand without brand_id, and none without a default', async () => {
      const { api } = await createAccount({ credits: 100 });
      const plain = await api.post('/videos', { prompt: 'How bees make honey', scene_count: 2 });
      expect(plain.status, plain.text).toBe(201);
      expect(plain.body.options.brand ?? null).toBeNull();
      const brand = (await api.post('/brands', { name: 'House', default: true })).body;
      const video = await api.post('/videos', { prompt: 'How bees make honey', scene_count: 2 });
      expect(video.body.options.brand).toMatchObject({ id: brand.id, name: 'House' });
    });

    it('refuses a brand_id of another account, or not an id, with 422 at brand_id', async () => {
      const { api } = await createAccount({ credits: 100 });
      const theirs = (await account.api.post('/brands', { name: 'Theirs' })).body;
      expectValidationAt(await api.post('/videos', { prompt: 'Bees', brand_id: theirs.id }), [
        'body',
        'brand_id',
      ]);
      expectValidationAt(await api.post('/videos', { prompt: 'Bees', brand_id: 'acme' }), [
        'body',
        'brand_id',
      ]);
    });
  });
});
