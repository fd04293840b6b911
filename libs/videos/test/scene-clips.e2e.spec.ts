import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { frameAt, meanDiff } from '../../../test/support/frames';
import { balanceOf, ledgerOf } from '../../../test/support/lifecycle';
import { download, finished, waitForVideo } from '../../../test/support/videos';

const run = promisify(execFile);
const ffmpeg = resolveFfmpeg(undefined, process.env.PATH);
const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-scene-clips-'));

async function make(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(ffmpeg, ['-v', 'error', '-y', ...args, file]);
  return readFileSync(file);
}

async function upload(account: TestAccount, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${account.api.baseUrl}/assets`, {
    method: 'POST',
    headers: { 'X-Api-Key': account.key },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function uploaded(account: TestAccount, name: string, bytes: Buffer): Promise<any> {
  const res = await upload(account, name, bytes);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A moving test pattern with a tone, of another rate and shape than any video vidgen renders. */
const clipArgs = (seconds: number, size: string, rate: number, ...codec: string[]) => [
  ...['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=${rate}:d=${seconds}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=1500:duration=${seconds}`],
  ...codec,
  '-shortest',
];

describe("the client's clips in scenes", () => {
  let owner: TestAccount;
  let shortClip: any;
  let longClip: any;
  let picture: any;

  beforeAll(async () => {
    owner = await createAccount({ credits: 100 });
    shortClip = await uploaded(
      owner,
      'short.mp4',
      await make(
        'short.mp4',
        clipArgs(1.5, '640x480', 30, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'),
      ),
    );
    longClip = await uploaded(
      owner,
      'long.webm',
      await make(
        'long.webm',
        clipArgs(
          12,
          '360x640',
          25,
          '-c:v',
          'libvpx-vp9',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-c:a',
          'libopus',
        ),
      ),
    );
    picture = await uploaded(
      owner,
      'blue.png',
      await make('blue.png', ['-f', 'lavfi', '-i', 'color=c=blue:s=640x360', '-frames:v', '1']),
    );
  }, 120_000);

  it('records an uploaded clip as a video of the account, listed beside rendered videos', async () => {
    expect(shortClip).toMatchObject({
      type: 'video',
      source: 'upload',
      width: 640,
      height: 480,
      content_type: 'video/mp4',
    });
    expect(shortClip.duration_seconds).toBeCloseTo(1.5, 1);
    expect(longClip).toMatchObject({
      type: 'video',
      source: 'upload',
      width: 360,
      height: 640,
      content_type: 'video/webm',
    });
    const listed = await owner.api.get('/assets?type=video&source=upload');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((a: any) => a.id).sort()).toEqual([shortClip.id, longClip.id].sort());
  });

  it('completes a video of a looped clip, a cut clip, a picture and a generated scene; each clip moves on screen', async () => {
    const before = await balanceOf(owner.accountId);
    const res = await owner.api.post('/videos', {
      prompt: 'Clips of my own',
      scenes: [
        {
          narration: 'The short clip plays first, and it starts over while this sentence goes on.',
          video_asset_id: shortClip.id,
        },
        { narration: 'A long clip is cut here.', video_asset_id: longClip.id },
        { narration: 'A blue picture of mine.', image_asset_id: picture.id },
        { narration: 'And a drawn picture ends it.' },
      ],
      captions: { burn_in: true },
      auto_approve: true,
    });
    expect(res.status, res.text).toBe(201);
    const video = await waitForVideo(owner.api, res.body.id, finished, 240_000);
    expect(video.status, JSON.stringify(video.failure_reason)).toBe('completed');

    const scenes = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
    expect(scenes.map((s: any) => [s.video_asset_id, s.image_asset_id === null])).toEqual([
      [shortClip.id, true],
      [longClip.id, true],
      [null, false],
      [null, false],
    ]);
    expect(scenes[0].video_url).toMatch(/^http/);
    expect(scenes[2].image_asset_id).toBe(picture.id);
    // Only the generated picture and the narration are charged: clips cost no image.
    const charges = (await ledgerOf(video.id)).filter((e) => e.kind === 'charged');
    expect(charges.map((c) => c.item).sort()).toEqual([`image:${scenes[3].id}`, 'narration']);
    expect(before - (await balanceOf(owner.accountId))).toBe(2);

    const mp4 = path.join(dir, 'out.mp4');
    writeFileSync(mp4, (await download(video.video_url)).body);
    const starts = scenes.map((_: any, i: number) =>
      scenes.slice(0, i).reduce((t: number, s: any) => t + s.narration_seconds, 0),
    );
    const [short, long] = [scenes[0].narration_seconds, scenes[1].narration_seconds];
    expect(short).toBeGreaterThan(3); // longer than its 1.5 s clip: it loops
    expect(long).toBeLessThan(12); // shorter than its 12 s clip: it is cut
    const at = (t: number) => frameAt(mp4, t);
    // Looped: the picture moves, and 1.5 s later (one loop) it is where it was.
    const [a, b, c] = await Promise.all([at(starts[0] + 0.4), at(starts[0] + 1.0), at(starts[0] + 1.9)]);
    expect(meanDiff(a, b)).toBeGreaterThan(5);
    expect(meanDiff(a, c)).toBeLessThan(4);
    // Cut: the long clip moves through its scene.
    const [d, e] = await Promise.all([at(starts[1] + 0.2), at(starts[1] + Math.min(1.2, long - 0.6))]);
    expect(meanDiff(d, e)).toBeGreaterThan(3);
    // The picture's scene is still blue where no caption sits.
    const blue = await frameAt(mp4, starts[2] + Math.min(0.8, scenes[2].narration_seconds / 2), {
      width: 16,
      height: 9,
    });
    expect(blue.data[2]).toBeGreaterThan(150);
    expect(blue.data[0]).toBeLessThan(80);
  }, 300_000);

  it('plays a clip given in a scene edit at the approval gate, and the estimate drops by the image it no longer needs', async () => {
    const res = await owner.api.post('/videos', {
      prompt: 'Lanterns at dusk. Boats in the harbour.',
      scene_count: 2,
    });
    expect(res.status).toBe(201);
    const gated = await waitForVideo(owner.api, res.body.id, (v) => v.awaiting_approval || finished(v));
    const scenes = (await owner.api.get(`/videos/${gated.id}/scenes`)).body;
    const patched = await owner.api.patch(`/videos/${gated.id}/scenes/${scenes[0].id}`, {
      video_asset_id: shortClip.id,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      video_asset_id: shortClip.id,
      image_asset_id: null,
      image_url: null,
    });
    const after = (await owner.api.get(`/videos/${gated.id}`)).body;
    expect(after.estimated_credits).toBe(gated.estimated_credits - 1);
    // And back to a generated picture.
    const back = await owner.api.patch(`/videos/${gated.id}/scenes/${scenes[0].id}`, {
      video_asset_id: null,
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ video_asset_id: null, image_asset_id: null });
    await owner.api.delete(`/videos/${gated.id}`);
  }, 120_000);
});

describe('bad clips and bad clip references: 422 at the field, nothing stored, nothing charged', () => {
  let owner: TestAccount;
  let other: TestAccount;
  let clip: any;
  let othersClip: any;
  let picture: any;
  const mp4 = (seconds: number, size = '64x48', rate = 5) =>
    make(`c-${seconds}-${size}.mp4`, [
      ...['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=${rate}:d=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast'],
    ]);

  beforeAll(async () => {
    [owner, other] = await Promise.all([createAccount({ credits: 50 }), createAccount({ credits: 50 })]);
    clip = await uploaded(owner, 'clip.mp4', await mp4(1));
    othersClip = await uploaded(other, 'theirs.mp4', await mp4(1));
    picture = await uploaded(
      owner,
      'pic.png',
      await make('pic.png', ['-f', 'lavfi', '-i', 'color=c=red:s=64x48', '-frames:v', '1']),
    );
  }, 120_000);

  async function assetCount(): Promise<number> {
    let n = 0;
    let cursor: string | null = null;
    do {
      const res: any = await owner.api.get(`/assets?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      n += res.body.data.length;
      cursor = res.body.next_cursor;
    } while (cursor);
    return n;
  }

  it('refuses files that are not clips vidgen can play, and stores none of them', async () => {
    const good = await mp4(1);
    const mkv = await make('mjpeg.mkv', [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=64x48:r=5:d=1',
      '-c:v',
      'mjpeg',
      '-f',
      'matroska',
    ]);
    const at = mkv.indexOf('matroska', 0, 'latin1');
    const forgedWebm = Buffer.concat([
      mkv.subarray(0, at),
      Buffer.from('webm\0\0\0\0'),
      mkv.subarray(at + 8),
    ]);
    const cases: [string, Buffer, RegExp][] = [
      ['truncated.mp4', good.subarray(0, Math.floor(good.length / 2)), /not a valid MP4 file/],
      ['long.mp4', await mp4(121, '32x32', 2), /lasts 121\.0 s; at most 120 s/],
      ['huge.mp4', await mp4(0.4, '4112x64', 5), /4112x64 pixels; at most 4096 per side/],
      ['mjpeg.webm', forgedWebm, /WebM video in mjpeg is not supported/],
      [
        'playlist.mp4',
        Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:1,\nhttp://127.0.0.1:9/a.ts\n#EXT-X-ENDLIST\n'),
        /not a supported file/,
      ],
      [
        'concat.mp4',
        Buffer.from(`ffconcat version 1.0\nfile '${path.join(dir, 'c-1-64x48.mp4')}'\n`),
        /not a supported file/,
      ],
    ];
    const before = await assetCount();
    for (const [name, bytes, reason] of cases) {
      const res = await upload(owner, name, bytes);
      expect(res.status, name).toBe(422);
      expect(res.body.error.code, name).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].loc, name).toEqual(['body', 'file']);
      expect(res.body.error.details[0].msg, name).toMatch(reason);
    }
    expect(await assetCount()).toBe(before);
  }, 180_000);

  it('takes a picture renamed .mp4 for the picture it is, and refuses it as a clip', async () => {
    const renamed = await uploaded(
      owner,
      'not-a-clip.mp4',
      await make('renamed.png', ['-f', 'lavfi', '-i', 'color=c=green:s=64x48', '-frames:v', '1']),
    );
    expect(renamed.type).toBe('image');
    const res = await owner.api.post('/videos', {
      prompt: 'x',
      scenes: [{ narration: 'Hello there.', video_asset_id: renamed.id }],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([
      { loc: ['body', 'scenes', 0, 'video_asset_id'], msg: `asset ${renamed.id} is an image, not a video` },
    ]);
  });

  it('refuses another account’s clip, a picture as a clip, a clip as a picture and both at once, creating and charging nothing', async () => {
    const balance = await balanceOf(owner.accountId);
    const videos = (await owner.api.get('/videos?limit=100')).body.data.length;
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ video_asset_id: othersClip.id }, ['body', 'scenes', 0, 'video_asset_id']],
      [{ video_asset_id: picture.id }, ['body', 'scenes', 0, 'video_asset_id']],
      [{ image_asset_id: clip.id }, ['body', 'scenes', 0, 'image_asset_id']],
      [{ image_asset_id: picture.id, video_asset_id: clip.id }, ['body', 'scenes', 0, 'video_asset_id']],
      [{ video_asset_id: 'not-an-id' }, ['body', 'scenes', 0, 'video_asset_id']],
    ];
    for (const [scene, loc] of cases) {
      const res = await owner.api.post('/videos', {
        prompt: 'x',
        scenes: [{ narration: 'Hello there.', ...scene }],
        auto_approve: true,
      });
      expect(res.status, JSON.stringify(scene)).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(
        res.body.error.details.map((d: any) => d.loc),
        JSON.stringify(scene),
      ).toContainEqual(loc);
    }
    expect(await balanceOf(owner.accountId)).toBe(balance);
    expect((await owner.api.get('/videos?limit=100')).body.data.length).toBe(videos);
  });

  it('refuses the same in a scene edit, at the edit’s field', async () => {
    const res = await owner.api.post('/videos', { prompt: 'Lanterns at dusk.', scene_count: 1 });
    const gated = await waitForVideo(owner.api, res.body.id, (v) => v.awaiting_approval || finished(v));
    const [scene] = (await owner.api.get(`/videos/${gated.id}/scenes`)).body;
    const url = `/videos/${gated.id}/scenes/${scene.id}`;
    for (const [body, loc] of [
      [{ video_asset_id: othersClip.id }, ['body', 'video_asset_id']],
      [{ video_asset_id: picture.id }, ['body', 'video_asset_id']],
      [{ image_asset_id: picture.id, video_asset_id: clip.id }, ['body', 'video_asset_id']],
    ] as const) {
      const patched = await owner.api.patch(url, body);
      expect(patched.status, JSON.stringify(body)).toBe(422);
      expect(patched.body.error.details[0].loc).toEqual(loc);
      const added = await owner.api.post(`/videos/${gated.id}/scenes`, {
        visual_description: 'A boat',
        narration: 'A boat.',
        ...body,
      });
      expect(added.status, JSON.stringify(body)).toBe(422);
    }
    const after = (await owner.api.get(`/videos/${gated.id}/scenes`)).body;
    expect(after).toHaveLength(1);
    expect(after[0].image_asset_id).toBe(scene.image_asset_id);
    await owner.api.delete(`/videos/${gated.id}`);
  });
});
