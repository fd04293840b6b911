import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { ledgerOf } from '../../../test/support/lifecycle';
import { atGate, download, finished, waitForVideo } from '../../../test/support/videos';

const run = promisify(execFile);
const ffmpeg = resolveFfmpeg(undefined, process.env.PATH);
const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-client-script-'));

/** A file made with ffmpeg from a lavfi source, e.g. a solid colour or a tone. */
async function make(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(ffmpeg, ['-v', 'error', '-y', ...args, file]);
  return readFileSync(file);
}

async function upload(account: TestAccount, name: string, bytes: Buffer): Promise<any> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${account.api.baseUrl}/assets`, {
    method: 'POST',
    headers: { 'X-Api-Key': account.key },
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The average colour of a 64×64 patch at the centre of the frame at `seconds`. */
async function centreColour(video: Buffer, seconds: number): Promise<[number, number, number]> {
  const file = path.join(dir, `probe-${Date.now()}.mp4`);
  writeFileSync(file, video);
  const { stdout } = await run(
    ffmpeg,
    [
      ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
      ...[
        '-vf',
        'crop=64:64:(iw-64)/2:(ih-64)/2,scale=1:1:flags=area',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ],
    ],
    { encoding: 'buffer' },
  );
  return [stdout[0]!, stdout[1]!, stdout[2]!];
}

describe("the client's own script", () => {
  let owner: TestAccount;
  let red: any;
  let tone: any;

  beforeAll(async () => {
    owner = await createAccount({ credits: 100 });
    red = await upload(
      owner,
      'red.png',
      await make('red.png', ['-f', 'lavfi', '-i', 'color=c=red:s=480x640', '-frames:v', '1']),
    );
    tone = await upload(
      owner,
      'tone.wav',
      await make('tone.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2']),
    );
    expect(red).toMatchObject({ type: 'image', width: 480, height: 640 });
    expect(tone).toMatchObject({ type: 'audio' });
  });

  it('completes with the narration word for word, the uploaded image on screen and no credit for that image', async () => {
    const narration = [
      'The red card comes first, and it fills the whole frame.',
      'Then a drawn picture follows, made for this second scene.',
    ];
    const res = await owner.api.post('/videos', {
      prompt: 'Two scenes of my own',
      scenes: [{ narration: narration[0], image_asset_id: red.id }, { narration: narration[1] }],
      music: { asset_id: tone.id },
      captions: { burn_in: false },
      motion: 'none',
      auto_approve: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      scene_count: 2,
      options: {
        music: { asset_id: tone.id, volume: 0.15 },
        captions: { burn_in: false, position: 'bottom', size: 'medium' },
        motion: 'none',
        transition: 'fade',
        language: 'en',
      },
      // The client wrote the script, from the record's first state on.
      script_source: 'client',
      warnings: [],
    });
    const video = await waitForVideo(owner.api, res.body.id, finished, 180_000);
    expect(video.status).toBe('completed');
    expect(video).toMatchObject({ script_source: 'client', warnings: [] });

    const scenes = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
    expect(scenes.map((s: any) => s.narration)).toEqual(narration);
    expect(scenes[0].image_asset_id).toBe(red.id);
    expect(scenes[1].image_asset_id).not.toBe(red.id);
    expect(scenes[1].image_asset_id).toBeTruthy();

    // What each picture shows: unknown for the client's own; the drawn one says, on the scene and
    // on its asset, in the list too, with the works it uses.
    expect(scenes[0]).toMatchObject({ image_depicts: null, image_attribution: [] });
    expect(scenes[1].image_depicts).toEqual(expect.any(Array));
    expect(scenes[1].image_attribution).toEqual(expect.any(Array));
    const drawn = (await owner.api.get(`/assets/${scenes[1].image_asset_id}`)).body;
    expect(drawn).toMatchObject({
      depicts: scenes[1].image_depicts,
      attribution: scenes[1].image_attribution,
    });
    expect((await owner.api.get(`/assets/${red.id}`)).body).toMatchObject({ depicts: null, attribution: [] });
    const listed = (await owner.api.get(`/assets?video_id=${video.id}&type=image`)).body.data;
    expect(listed).toEqual([
      expect.objectContaining({ id: drawn.id, depicts: drawn.depicts, attribution: drawn.attribution }),
    ]);

    // One image credit (the second scene) and one narration credit; none for the client's image.
    const charges = (await ledgerOf(video.id)).filter((e) => e.kind === 'charged');
    expect(charges.map((c) => c.item).sort()).toEqual([`image:${scenes[1].id}`, 'narration']);
    expect(video.credits_charged).toBe(2);

    // The first scene shows the uploaded red image, fitted to the 16:9 frame.
    const mp4 = await download(video.video_url);
    const [r, g, b] = await centreColour(mp4.body, 0.3);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });

  it('takes an uploaded image in a scene edit at the gate, and the estimate drops by its credit', async () => {
    const res = await owner.api.post('/videos', {
      prompt: 'Lanterns at dusk. Boats in the harbour.',
      scene_count: 2,
    });
    expect(res.status).toBe(201);
    const gated = await waitForVideo(owner.api, res.body.id, atGate);
    const scenes = (await owner.api.get(`/videos/${gated.id}/scenes`)).body;
    const patched = await owner.api.patch(`/videos/${gated.id}/scenes/${scenes[0].id}`, {
      image_asset_id: red.id,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.image_asset_id).toBe(red.id);
    const after = (await owner.api.get(`/videos/${gated.id}`)).body;
    expect(after.estimated_credits).toBe(gated.estimated_credits - 1);

    const wrongType = await owner.api.patch(`/videos/${gated.id}/scenes/${scenes[1].id}`, {
      image_asset_id: tone.id,
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.error.details[0].loc).toEqual(['body', 'image_asset_id']);

    // An uploaded image a waiting video shows is in use: it cannot be deleted until the scene
    // lets go of it; the scene then goes back to a generated picture, and the estimate counts it again.
    const blue = await upload(
      owner,
      'blue.png',
      await make('blue.png', ['-f', 'lavfi', '-i', 'color=c=blue:s=320x240', '-frames:v', '1']),
    );
    expect(
      (await owner.api.patch(`/videos/${gated.id}/scenes/${scenes[1].id}`, { image_asset_id: blue.id }))
        .status,
    ).toBe(200);
    expect((await owner.api.get(`/videos/${gated.id}`)).body.estimated_credits).toBe(
      gated.estimated_credits - 2,
    );
    const inUse = await owner.api.delete(`/assets/${blue.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('INVALID_STATE');
    expect(
      (await owner.api.patch(`/videos/${gated.id}/scenes/${scenes[1].id}`, { image_asset_id: null })).status,
    ).toBe(200);
    expect((await owner.api.delete(`/assets/${blue.id}`)).status).toBe(204);
    const now = (await owner.api.get(`/videos/${gated.id}/scenes`)).body;
    expect(now.map((s: any) => s.image_asset_id)).toEqual([red.id, null]);
    expect((await owner.api.get(`/videos/${gated.id}`)).body.estimated_credits).toBe(
      gated.estimated_credits - 1,
    );
    await owner.api.delete(`/videos/${gated.id}`);
  });

  it("refuses another account's asset, audio as an image and an image as music, each at its field, creating nothing", async () => {
    const other = await createAccount({ credits: 100 });
    const before = (await other.api.get('/videos?limit=100')).body.data.length;
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ scenes: [{ narration: 'Mine?', image_asset_id: red.id }] }, ['body', 'scenes', 0, 'image_asset_id']],
      [{ music: { asset_id: red.id } }, ['body', 'music', 'asset_id']],
    ];
    for (const [body, loc] of cases) {
      const res = await other.api.post('/videos', { prompt: 'Borrowed media', ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: any) => d.loc)).toEqual([loc]);
    }
    const mixedUp = await owner.api.post('/videos', {
      prompt: 'Mixed up media',
      scenes: [{ narration: 'Sound is no picture.', image_asset_id: tone.id }],
      music: { asset_id: red.id },
    });
    expect(mixedUp.status).toBe(422);
    expect(mixedUp.body.error.details.map((d: any) => d.loc)).toEqual([
      ['body', 'scenes', 0, 'image_asset_id'],
      ['body', 'music', 'asset_id'],
    ]);
    expect((await other.api.get('/videos?limit=100')).body.data.length).toBe(before);
    expect((await other.api.get('/credits')).body.balance).toBe(100);
  });
});
