import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { download, finished, waitForVideo } from '../../../test/support/videos';

const EXPECTED = { '16:9': [1280, 720], '9:16': [720, 1280], '1:1': [1024, 1024] } as const;

/** Width and height from a JPEG's SOF0/SOF2 marker. */
function jpegSize(buf: Buffer): [number, number] {
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1]!;
    const len = buf.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) return [buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

describe.concurrent('aspect ratios', () => {
  for (const [ratio, [w, h]] of Object.entries(EXPECTED)) {
    it(`${ratio}: video ${w}x${h}, thumbnail and scene images of that size`, async () => {
      const { api } = await createAccount({ credits: 10 });
      const created = await api.post('/videos', {
        prompt: 'Paper boats on a pond.',
        scene_count: 1,
        aspect_ratio: ratio,
        auto_approve: true,
      });
      expect(created.status).toBe(201);
      const done = await waitForVideo(api, created.body.id, finished, 120_000);
      expect(done.status).toBe('completed');
      expect(done.options.aspect_ratio).toBe(ratio);

      const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-ar-'));
      const mp4 = path.join(dir, 'v.mp4');
      writeFileSync(mp4, (await download(done.video_url)).body);
      const v = (await probe(mp4)).streams.find((s) => s.codec_type === 'video')!;
      expect([v.width, v.height]).toEqual([w, h]);
      expect(jpegSize((await download(done.thumbnail_url)).body)).toEqual([w, h]);

      const scene = (await api.get(`/videos/${created.body.id}/scenes`)).body[0];
      const png = (await download(scene.image_url)).body;
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
    });
  }
});
