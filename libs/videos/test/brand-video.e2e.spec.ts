import { readFileSync } from 'node:fs';
import { parseWebVtt } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { frameAt } from '../../../test/support/frames';
import { insetLogo } from '../../../test/support/png';
import { finished, waitForVideo } from '../../../test/support/videos';
import { saved } from './support/rendered';

const NARRATION = [
  'Honey bees dance to tell each other where the flowers are.',
  'The comb slowly fills with gold.',
];

async function produced(owner: TestAccount, body: Record<string, unknown>): Promise<any> {
  const res = await owner.api.post('/videos', {
    prompt: 'Bees at work',
    scenes: NARRATION.map((narration) => ({ narration })),
    motion: 'none',
    transition: 'none',
    auto_approve: true,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  const video = await waitForVideo(owner.api, res.body.id, finished, 240_000);
  expect(video.status, JSON.stringify(video.failure_reason)).toBe('completed');
  return video;
}

async function frames(file: string): Promise<number> {
  const info = await probe(file, ['-count_frames']);
  const v = info.streams.find((s) => s.codec_type === 'video') as { nb_read_frames?: string };
  return Number(v.nb_read_frames);
}

describe('a video made with a brand, through the workflow', () => {
  let owner: TestAccount;
  let branded: any;
  let plain: any;

  beforeAll(async () => {
    owner = await createAccount({ credits: 100 });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(insetLogo(200, 100, [255, 0, 0]))]), 'logo.png');
    const logo = await owner.api.request('POST', '/assets', { form });
    expect(logo.status, logo.text).toBe(201);
    const brand = await owner.api.post('/brands', {
      name: 'Acme',
      logo: { asset_id: logo.body.id, position: 'top-left', size: 0.2, opacity: 1 },
      palette: ['#0B3D91', '#FFD23F'],
      intro: { title: 'Acme presents', seconds: 1 },
      outro: { text: 'acme.example', seconds: 1 },
    });
    expect(brand.status, brand.text).toBe(201);
    [branded, plain] = await Promise.all([produced(owner, { brand_id: brand.body.id }), produced(owner, {})]);
  }, 300_000);

  it('is longer by the cards, opens on the intro card, shows the logo in its corner, and its subtitles start after the intro', async () => {
    const [b, p] = await Promise.all([
      saved(branded.video_url, 'branded.mp4'),
      saved(plain.video_url, 'plain.mp4'),
    ]);
    // Each video's own narration decides its scenes' frames (speech differs a little from run to run).
    const sceneFrames = async (id: string) => {
      const scenes = (await owner.api.get(`/videos/${id}/scenes`)).body as { narration_seconds: number }[];
      return Math.round(scenes.reduce((sum, s) => sum + s.narration_seconds, 0) * 24);
    };
    expect(Math.abs((await frames(p)) - (await sceneFrames(plain.id)))).toBeLessThanOrEqual(1);
    expect(Math.abs((await frames(b)) - ((await sceneFrames(branded.id)) + 48))).toBeLessThanOrEqual(1);
    const first = await frameAt(b, 0, { width: 64, height: 36 });
    expect(Math.max(...[0x0b, 0x3d, 0x91].map((c, i) => Math.abs(first.data[i]! - c)))).toBeLessThan(16);
    // The logo: 144 × 72 px at 36 px from the top left of 1280 × 720; its red middle at 72..144 × 54..90.
    const scene = await frameAt(b, 1.8, { width: 1280, height: 720 });
    const at = (x: number, y: number) => [...scene.data.subarray((y * 1280 + x) * 3, (y * 1280 + x) * 3 + 3)];
    const [r, g, bl] = at(108, 72);
    expect(r).toBeGreaterThan(200);
    expect(g! + bl!).toBeLessThan(80);
    const vtt = (p: string) => parseWebVtt(readFileSync(p, 'utf8'));
    const [bv, pv] = await Promise.all([
      saved(branded.subtitles_url, 'branded.vtt'),
      saved(plain.subtitles_url, 'plain.vtt'),
    ]);
    expect(vtt(bv)[0]!.start - vtt(pv)[0]!.start).toBeCloseTo(1, 2);
    const transcript = (id: string) =>
      owner.api.get(`/videos/${id}/transcript`).then((r) => r.body.scenes[0].start);
    expect((await transcript(branded.id)) - (await transcript(plain.id))).toBeCloseTo(1, 2);
    expect(branded.options.brand).toMatchObject({ name: 'Acme', intro: { title: 'Acme presents' } });
  });
});
