import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiClient, createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { frameAt, makeMedia } from '../../../test/support/frames';
import { download, finished, waitForVideo } from '../../../test/support/videos';
import { saved, uploaded } from './support/rendered';

/** The plain background of the measured scene: every other pixel there is the caption's. */
const BACKGROUND = [0x30, 0x60, 0xa0] as const;

async function produce(api: ApiClient, body: Record<string, unknown>) {
  const created = await api.post('/videos', { prompt: 'Paper boats', auto_approve: true, ...body });
  expect(created.status, created.text).toBe(201);
  const done = await waitForVideo(api, created.body.id, finished, 300_000);
  expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
  const scenes = (await api.get(`/videos/${done.id}/scenes`)).body as {
    narration_seconds: number;
    image_url: string;
  }[];
  const file = await saved(done.video_url, `${done.id}.mp4`);
  const video = (await probe(file)).streams.find((s) => s.codec_type === 'video')!;
  return { done, scenes, file, video };
}

function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('output: 1080p and frame rates', () => {
  it('renders 9:16 at 1080p30 as 1080×1920 at 30 fps, pictures, thumbnail and captions sized to the frame', async () => {
    const { api } = await createAccount({ credits: 20 });
    const plain = await uploaded(api, {
      name: 'plain.png',
      lavfi: `color=0x${BACKGROUND.map((c) => c.toString(16).padStart(2, '0')).join('')}:s=1080x1920`,
      args: ['-frames:v', '1'],
    });
    const { done, scenes, file, video } = await produce(api, {
      aspect_ratio: '9:16',
      output: { resolution: '1080p', fps: 30 },
      motion: 'none',
      scenes: [
        { narration: 'Fold the paper in half, then fold the corners down.', image_asset_id: plain },
        { narration: 'Set the boat on the water.', visual_description: 'A paper boat on a pond' },
      ],
    });
    expect(done.options.output).toEqual({ resolution: '1080p', fps: 30 });
    expect([video.width, video.height]).toEqual([1080, 1920]);
    expect(video.r_frame_rate).toBe('30/1');
    expect(video.avg_frame_rate).toBe('30/1');
    const seconds = Number(video.duration);
    expect(Math.abs(Number(video.nb_frames) - seconds * 30)).toBeLessThanOrEqual(1);

    // The generated picture is drawn at the frame's size, not scaled up from 720p; so is the thumbnail.
    expect(pngSize((await download(scenes[1]!.image_url)).body)).toEqual([1080, 1920]);
    const thumb = path.join(path.dirname(file), 'thumb.png');
    await makeMedia(['-i', await saved(done.thumbnail_url, 'thumbnail.jpg'), thumb]);
    expect((await probe(thumb)).streams[0]).toMatchObject({ width: 1080, height: 1920 });

    // Captions on the plain scene: the only pixels that are not the background, in the bottom
    // part of the frame, in a box as tall as a medium caption at 1080 px wide (6 % of it, 65 px).
    const at = scenes[0]!.narration_seconds / 2;
    const frame = await frameAt(file, at, { width: 1080, height: 1920 });
    let top = frame.height;
    let bottom = -1;
    let white = 0;
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width; x++) {
        const i = (y * frame.width + x) * 3;
        const d = Math.max(...BACKGROUND.map((c, k) => Math.abs(frame.data[i + k]! - c)));
        if (d > 40) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
        if (frame.data[i]! > 220 && frame.data[i + 1]! > 220 && frame.data[i + 2]! > 220) white++;
      }
    }
    expect(top / frame.height).toBeGreaterThan(0.6);
    expect(bottom - top + 1).toBeGreaterThanOrEqual(65);
    expect(white).toBeGreaterThan(2000);
    // A frame of the generated scene, for docs/screenshots/output-1080p30-9x16.png when asked.
    if (process.env.VIDGEN_SAVE_FRAMES) {
      const second = scenes[0]!.narration_seconds + scenes[1]!.narration_seconds / 2;
      await makeMedia([
        '-ss',
        second.toFixed(3),
        '-i',
        file,
        '-frames:v',
        '1',
        process.env.VIDGEN_SAVE_FRAMES,
      ]);
    }
  }, 360_000);

  it('renders 1:1 at 1080p as 1080×1080, at the default 24 fps', async () => {
    const { api } = await createAccount({ credits: 10 });
    const { done, video } = await produce(api, {
      aspect_ratio: '1:1',
      output: { resolution: '1080p' },
      scene_count: 1,
    });
    expect(done.options.output).toEqual({ resolution: '1080p', fps: 24 });
    expect([video.width, video.height]).toEqual([1080, 1080]);
    expect(video.r_frame_rate).toBe('24/1');
  }, 360_000);

  it('refuses a frame rate or resolution outside the lists with 422 at the field, creating and charging nothing', async () => {
    const { api } = await createAccount({ credits: 10 });
    for (const [output, loc] of [
      [{ resolution: '1080p', fps: 29 }, ['body', 'output', 'fps']],
      [{ fps: '30' }, ['body', 'output', 'fps']],
      [{ resolution: '4k' }, ['body', 'output', 'resolution']],
    ] as const) {
      const res = await api.post('/videos', { prompt: 'Paper boats', output });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    }
    expect((await api.get('/videos')).body.data).toHaveLength(0);
    expect((await api.get('/credits')).body.balance).toBe(10);

    // Left out, the output is today's: 720p at 24 fps, echoed under options.
    const plain = await api.post('/videos', { prompt: 'Paper boats' });
    expect(plain.body.options.output).toEqual({ resolution: '720p', fps: 24 });
  });
});
