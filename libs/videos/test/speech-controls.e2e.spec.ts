import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseWebVtt, resolveFfmpeg } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { band, frameAt, meanDiff } from '../../../test/support/frames';
import { ledgerOf } from '../../../test/support/lifecycle';
import { atGate, download, finished, waitForVideo } from '../../../test/support/videos';
import { saved, uploaded } from './support/rendered';

const run = promisify(execFile);

const NARRATION = [
  'Honey bees dance to tell each other where the flowers are, and the whole hive listens.',
  'At dusk the foragers come home heavy with nectar, and the comb slowly fills with gold.',
];

interface Transcript {
  scenes: {
    scene_id: string;
    start: number;
    end: number;
    words: { text: string; start: number; end: number }[];
  }[];
}

async function produced(owner: TestAccount, body: Record<string, unknown>): Promise<any> {
  const res = await owner.api.post('/videos', {
    prompt: 'Bees at work',
    scenes: NARRATION.map((narration) => ({ narration })),
    motion: 'none',
    transition: 'fade',
    auto_approve: true,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  const video = await waitForVideo(owner.api, res.body.id, finished, 240_000);
  expect(video.status, JSON.stringify(video.failure_reason)).toBe('completed');
  return video;
}

const seconds = async (url: string, name: string) =>
  Number((await probe(await saved(url, name))).format.duration);

describe('speech controls and word timings', () => {
  let owner: TestAccount;
  let normal: any;
  let fast: any;

  beforeAll(async () => {
    owner = await createAccount({ credits: 100 });
    [normal, fast] = await Promise.all([produced(owner, {}), produced(owner, { voice_speed: 1.6 })]);
  }, 300_000);

  it('speaks faster at voice_speed 1.6: the narration lasts about 1/1.6 as long, and the record echoes the speed and the voice', async () => {
    expect(normal.options).toMatchObject({ voice_speed: 1, narrate: true, captions: { style: 'word' } });
    expect(fast.options).toMatchObject({ voice_speed: 1.6, narrate: true });
    expect(normal.options.voice).toEqual(expect.any(String));
    const [a, b] = await Promise.all([
      seconds(normal.audio_url, 'normal.m4a'),
      seconds(fast.audio_url, 'fast.m4a'),
    ]);
    const ratio = b / a;
    expect(ratio).toBeGreaterThan((1 / 1.6) * 0.85);
    expect(ratio).toBeLessThan((1 / 1.6) * 1.15);
  });

  it('serves a transcript whose words are the narration, in order, inside their scenes and inside the video', async () => {
    const res = await owner.api.get(`/videos/${normal.id}/transcript`);
    expect(res.status, res.text).toBe(200);
    const transcript = res.body as Transcript;
    const scenes = (await owner.api.get(`/videos/${normal.id}/scenes`)).body;
    expect(transcript.scenes.map((s) => s.scene_id)).toEqual(scenes.map((s: any) => s.id));
    expect(transcript.scenes.map((s) => s.words.map((w) => w.text).join(' '))).toEqual(NARRATION);
    const file = await probe(await saved(normal.video_url, 'normal.mp4'));
    const length = Number(file.format.duration);
    let previous = 0;
    for (const [i, scene] of transcript.scenes.entries()) {
      // Scenes follow each other: each starts where the narration before it ends.
      expect(scene.start).toBeCloseTo(i === 0 ? 0 : transcript.scenes[i - 1]!.end, 3);
      for (const w of scene.words) {
        expect(w.start).toBeGreaterThanOrEqual(previous);
        expect(w.end).toBeGreaterThan(w.start);
        expect(w.start).toBeGreaterThanOrEqual(scene.start);
        expect(w.end).toBeLessThanOrEqual(scene.end);
        previous = w.end;
      }
    }
    expect(previous).toBeLessThanOrEqual(length + 0.05);
    // The pictures end on the frame nearest the last scene's end (the container's duration is the
    // longer audio track's, padded to whole AAC frames and reported to a tenth of a second).
    const video = file.streams.find((st: { codec_type: string }) => st.codec_type === 'video');
    expect(Math.abs(transcript.scenes.at(-1)!.end - Number(video!.duration))).toBeLessThanOrEqual(
      1 / 48 + 0.001,
    );

    // The WebVTT follows the words: every caption after a scene's first starts as a word is spoken.
    const vtt = parseWebVtt((await download(normal.subtitles_url)).body.toString('utf8'));
    const wordStarts = new Set(transcript.scenes.flatMap((s) => s.words.map((w) => w.start.toFixed(3))));
    const sceneStarts = new Set(transcript.scenes.map((s) => s.start.toFixed(3)));
    expect(vtt.length).toBeGreaterThan(2);
    for (const cue of vtt) {
      expect(wordStarts.has(cue.start.toFixed(3)) || sceneStarts.has(cue.start.toFixed(3))).toBe(true);
    }
  });

  it('highlights the word being spoken: within one caption the picture changes from one word to the next', async () => {
    const transcript = (await owner.api.get(`/videos/${normal.id}/transcript`)).body as Transcript;
    const vtt = parseWebVtt((await download(normal.subtitles_url)).body.toString('utf8'));
    const words = transcript.scenes.flatMap((s) => s.words);
    // A caption of several words, and two neighbouring words of it.
    const cue = vtt.find((c) => c.text.split(/\s+/).length >= 4)!;
    const inside = words.filter((w) => w.start >= cue.start && w.end <= cue.end);
    expect(inside.length).toBeGreaterThanOrEqual(3);
    const [first, second] = [inside[1]!, inside[2]!];
    const mid = (w: { start: number; end: number }) => (w.start + w.end) / 2;
    const file = await saved(normal.video_url, 'highlight.mp4');
    const at = (t: number) => frameAt(file, t).then((f) => band(f, 0.75, 1));
    const [a, a2, b] = await Promise.all([
      at(mid(first)),
      at(first.start + (first.end - first.start) * 0.8),
      at(mid(second)),
    ]);
    // The same word lit: the same caption picture; the next word lit: a different one.
    expect(meanDiff(a, a2)).toBeLessThan(0.3);
    expect(meanDiff(a, b)).toBeGreaterThan(3 * Math.max(0.05, meanDiff(a, a2)));
    // Frames for docs/screenshots (SCREENSHOTS_DIR), looked at by a person.
    const out = process.env.SCREENSHOTS_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vidgen-highlight-'));
    const ffmpeg = resolveFfmpeg(undefined, process.env.PATH);
    for (const [name, t] of [
      ['captions-word-highlight-1.png', mid(first)],
      ['captions-word-highlight-2.png', mid(second)],
    ] as const) {
      await run(ffmpeg, [
        '-v',
        'error',
        '-y',
        '-ss',
        t.toFixed(3),
        '-i',
        file,
        '-frames:v',
        '1',
        path.join(out, name),
      ]);
      expect(readFileSync(path.join(out, name)).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('refuses the transcript of a video that is not completed: 409 INVALID_STATE', async () => {
    const res = await owner.api.post('/videos', { prompt: 'Kites over the beach.', scene_count: 1 });
    expect(res.status).toBe(201);
    await waitForVideo(owner.api, res.body.id, atGate);
    const transcript = await owner.api.get(`/videos/${res.body.id}/transcript`);
    expect(transcript.status).toBe(409);
    expect(transcript.body.error.code).toBe('INVALID_STATE');
  });
});

describe('videos with nothing to synthesise', () => {
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    [owner, other] = await Promise.all([createAccount({ credits: 100 }), createAccount({ credits: 100 })]);
  });

  it('narrate: false completes in silence, each scene its reading time, captions shown, no narration credit', async () => {
    const video = await produced(owner, { narrate: false });
    expect(video.options).toMatchObject({ narrate: false });
    const scenes = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
    for (const [i, s] of scenes.entries()) {
      const words = NARRATION[i]!.split(' ').length;
      expect(s.narration_seconds).toBeCloseTo(Math.max(2, words / 2.5), 2);
    }
    const charges = (await ledgerOf(video.id)).filter((e) => e.kind === 'charged');
    expect(charges.map((c) => c.item).sort()).toEqual(scenes.map((s: any) => `image:${s.id}`).sort());
    expect(video.credits_charged).toBe(2);
    const vtt = parseWebVtt((await download(video.subtitles_url)).body.toString('utf8'));
    expect(vtt.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(NARRATION.join(' '));
    const transcript = (await owner.api.get(`/videos/${video.id}/transcript`)).body as Transcript;
    expect(transcript.scenes.flatMap((s) => s.words).length).toBe(NARRATION.join(' ').split(' ').length);
  });

  it("uses the client's recording as a scene's narration: its length is the scene's, its text the captions, and no narration credit, as estimated", async () => {
    const recording = await uploaded(owner.api, {
      name: 'recording.wav',
      lavfi: 'sine=frequency=300:duration=3.2',
    });
    const res = await owner.api.post('/videos', {
      prompt: 'My own voice',
      scenes: [{ narration: 'These are my own words, read by me.', audio_asset_id: recording }],
      motion: 'none',
    });
    expect(res.status, res.text).toBe(201);
    const gated = await waitForVideo(owner.api, res.body.id, atGate);
    // One image, no narration: the estimate and then the ledger say so.
    expect(gated.estimated_credits).toBe(1);
    expect((await owner.api.post(`/videos/${gated.id}/approve`)).status).toBe(200);
    const video = await waitForVideo(owner.api, gated.id, finished, 180_000);
    expect(video.status, JSON.stringify(video.failure_reason)).toBe('completed');
    expect(video.credits_charged).toBe(1);
    const charges = (await ledgerOf(video.id)).filter((e) => e.kind === 'charged');
    expect(charges.map((c) => c.item)).not.toContain('narration');
    const [scene] = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
    expect(scene.audio_asset_id).toBe(recording);
    expect(scene.narration_seconds).toBeCloseTo(3.2, 1);
    const transcript = (await owner.api.get(`/videos/${video.id}/transcript`)).body as Transcript;
    expect(transcript.scenes[0]!.words.map((w) => w.text).join(' ')).toBe(
      'These are my own words, read by me.',
    );
    expect(await seconds(video.video_url, 'recorded.mp4')).toBeCloseTo(3.2, 0);
  });

  it("refuses a recording that is not the account's audio, at its field, creating nothing", async () => {
    const image = await uploaded(owner.api, {
      name: 'still.png',
      lavfi: 'color=c=blue:s=64x64',
      args: ['-frames:v', '1'],
    });
    const foreign = await uploaded(other.api, { name: 'theirs.wav', lavfi: 'sine=frequency=300:duration=1' });
    const before = (await owner.api.get('/videos')).body.data.length;
    for (const id of [image, foreign, '00000000-0000-4000-8000-000000000000']) {
      const res = await owner.api.post('/videos', {
        prompt: 'Not mine',
        scenes: [{ narration: 'Hello there.', audio_asset_id: id }],
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: any) => d.loc)).toEqual([
        ['body', 'scenes', 0, 'audio_asset_id'],
      ]);
    }
    expect((await owner.api.get('/videos')).body.data.length).toBe(before);
  });
});
