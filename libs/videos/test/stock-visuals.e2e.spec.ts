import type { Stack } from '@vidgen/stack-harness';
import { makeCertificates } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { ledgerOf } from '../../../test/support/lifecycle';
import { startOwnStack } from '../../../test/support/own-stack';
import { type StockStandIn, startStockStandIn } from '../../../test/support/stock-stand-in';
import { events, finished, waitForVideo } from '../../../test/support/videos';

const KEY = 'stand-in-key';
const SCENES = [
  { narration: 'A lighthouse stands on the cliff.', visual_description: 'A lighthouse on a cliff' },
  {
    narration: 'Waves roll onto the beach.',
    visual_description: 'Waves on a sandy beach',
    search_terms: 'ocean surf',
  },
  { narration: 'Gulls circle over the harbour.', visual_description: 'Gulls over a harbour' },
  { narration: 'Boats rest at the quay.', visual_description: 'Boats at a quay' },
];

/**
 * `"visuals": "stock"` on a stack of its own pointed at the Pexels stand-in (two clips long
 * enough for a scene, one too short, two photos), with the private-network allowance the
 * webhook specs use, since the stand-in answers on loopback, over HTTPS with a CA the stack trusts.
 */
describe('stock visuals against the Pexels stand-in', () => {
  let stand: StockStandIn;
  let stack: Stack;

  beforeAll(async () => {
    const certs = makeCertificates();
    stand = await startStockStandIn({
      key: KEY,
      clips: [12, 12, 1],
      photos: 2,
      tls: { key: certs.key, cert: certs.cert },
    });
    stack = await startOwnStack('stock-visuals', {
      env: {
        STOCK_PROVIDER: 'pexels',
        PEXELS_API_KEY: KEY,
        PEXELS_API_URL: stand.baseUrl,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        NODE_EXTRA_CA_CERTS: certs.caPath,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await stand?.close();
  });

  it('gives each scene a different clip or photo with its credit, absorbing a 429, at the price of a generated picture', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    stand.failNext(1, 429);
    const res = await owner.api.post('/videos', {
      prompt: 'The coast',
      scenes: SCENES,
      visuals: 'stock',
      auto_approve: true,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.options.visuals).toBe('stock');
    const video = await waitForVideo(owner.api, res.body.id, finished, 240_000);
    expect(video.status, JSON.stringify(video.failure_reason)).toBe('completed');

    const scenes = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
    const credits = scenes.map((s: any) => s.image_attribution);
    for (const c of credits) {
      expect(c).toHaveLength(1);
      expect(c[0]).toMatchObject({
        author: expect.stringMatching(/^(Author|Photographer) \d+$/),
        license: expect.stringMatching(/Pexels License/),
        source_url: expect.stringMatching(/^https:\/\/www\.pexels\.com\/(video|photo)\//),
      });
    }
    // No item twice in one video.
    expect(new Set(credits.map((c: any) => c[0].source_url)).size).toBe(4);
    // The two long clips play as clips; the 1 s clip is too short for any scene, so photos fill the rest.
    const clips = scenes.filter((s: any) => s.video_asset_id);
    const photos = scenes.filter((s: any) => s.image_asset_id);
    expect([clips.length, photos.length]).toEqual([2, 2]);
    for (const s of clips) {
      const asset = (await owner.api.get(`/assets/${s.video_asset_id}`)).body;
      expect(asset).toMatchObject({ type: 'video', source: 'stock', width: 640, height: 360 });
      expect(asset.duration_seconds).toBeCloseTo(12, 0);
    }
    for (const s of photos) {
      expect((await owner.api.get(`/assets/${s.image_asset_id}`)).body).toMatchObject({
        type: 'image',
        source: 'stock',
      });
    }
    // The searches asked for the frame's orientation, with words of the visual description.
    const searches = stand.requests.filter((r) => r.path === '/videos/search');
    expect(searches.some((r) => r.query.get('query') === 'lighthouse cliff')).toBe(true);
    // A scene's own search_terms are searched as given.
    expect(searches.some((r) => r.query.get('query') === 'ocean surf')).toBe(true);
    expect(searches.every((r) => r.query.get('orientation') === 'landscape')).toBe(true);
    // A stock scene costs what a generated picture costs.
    const charged = (await ledgerOf(video.id)).filter((e) => e.kind === 'charged').map((e) => String(e.item));
    expect(charged.filter((i: string) => i.startsWith('image:'))).toHaveLength(4);
    const log = await events(owner.api, video.id);
    const visuals = log.filter((e) => e.type === 'scene_image_generated').map((e) => e.data.visual);
    expect(visuals.sort()).toEqual(['stock_photo', 'stock_photo', 'stock_video', 'stock_video']);
  }, 300_000);

  it('falls back to the generated picture when the library is down, and the event log says so', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    stand.down = true;
    try {
      const res = await owner.api.post('/videos', {
        prompt: 'The coast',
        scenes: SCENES.slice(0, 1),
        visuals: 'stock',
        auto_approve: true,
      });
      expect(res.status, res.text).toBe(201);
      const video = await waitForVideo(owner.api, res.body.id, finished, 240_000);
      expect(video.status, JSON.stringify(video.failure_reason)).toBe('completed');
      const [scene] = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
      expect((await owner.api.get(`/assets/${scene.image_asset_id}`)).body.source).toBe('generated');
      const [made] = (await events(owner.api, video.id)).filter((e) => e.type === 'scene_image_generated');
      expect(made.data).toMatchObject({ visual: 'generated', stock_fallback: expect.stringMatching(/503/) });
    } finally {
      stand.down = false;
    }
  }, 300_000);
});

describe('stock visuals without a stock library', () => {
  it('refuses "visuals": "stock" with 422 at visuals, creating nothing', async () => {
    const owner = await createAccount({ credits: 10 });
    const res = await owner.api.post('/videos', { prompt: 'The coast', visuals: 'stock' });
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].loc).toEqual(['body', 'visuals']);
    expect((await owner.api.get('/videos')).body.data).toEqual([]);
    const bad = await owner.api.post('/videos', { prompt: 'The coast', visuals: 'stolen' });
    expect(bad.status).toBe(422);
  });
});
