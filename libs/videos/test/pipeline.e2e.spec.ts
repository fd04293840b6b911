import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { atGate, createVideo, download, events, finished, waitForVideo } from '../../../test/support/videos';

const NAIVE_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

async function saveAndProbe(url: string, name: string) {
  const file = await download(url);
  expect(file.status).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-e2e-'));
  const p = path.join(dir, name);
  writeFileSync(p, file.body);
  return { file, info: await probe(p) };
}

describe('video pipeline end to end', () => {
  it('create → script → gate → edit a scene → approve → completed, with real media behind every URL', async () => {
    const { api } = await createAccount({ credits: 100 });
    const created = await createVideo(api, {
      prompt: 'How honey bees turn nectar into honey. They work as a team.',
      scene_count: 3,
    });
    expect(created).toMatchObject({
      status: 'pending',
      awaiting_approval: false,
      scene_count: 3,
      video_url: null,
    });
    expect(created.created_at).toMatch(NAIVE_MICROS);
    expect(created.updated_at).toMatch(NAIVE_MICROS);

    const gated = await waitForVideo(api, created.id, atGate);
    expect(gated).toMatchObject({ status: 'pending', awaiting_approval: true, credits_charged: 0 });
    expect(gated.estimated_credits).toBe(4);

    const scenes = (await api.get(`/videos/${created.id}/scenes`)).body;
    expect(scenes).toHaveLength(3);
    expect(scenes.map((s: any) => s.position)).toEqual([1, 2, 3]);
    for (const s of scenes) {
      expect(s.narration.length).toBeGreaterThan(10);
      expect(s.narration.length).toBeLessThanOrEqual(400);
    }

    const edited = await api.patch(`/videos/${created.id}/scenes/${scenes[1].id}`, {
      narration: 'Bees fan their wings to dry the nectar until it becomes honey.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.narration).toBe('Bees fan their wings to dry the nectar until it becomes honey.');

    const approved = await api.post(`/videos/${created.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.awaiting_approval).toBe(false);
    expect(approved.body.credits_charged).toBe(4);
    expect(['visualising', 'narrating', 'curating', 'rendering', 'completed']).toContain(
      approved.body.status,
    );

    const done = await waitForVideo(api, created.id, finished, 180_000);
    expect(done.status).toBe('completed');
    expect(done.failure_reason).toBeNull();
    for (const k of ['video_url', 'audio_url', 'thumbnail_url', 'subtitles_url'])
      expect(done[k]).toMatch(/^http/);

    const finalScenes = (await api.get(`/videos/${created.id}/scenes`)).body;
    const narrationSeconds = finalScenes.reduce((n: number, s: any) => n + s.narration_seconds, 0);

    const video = await saveAndProbe(done.video_url, 'video.mp4');
    const v = video.info.streams.find((s) => s.codec_type === 'video');
    const a = video.info.streams.find((s) => s.codec_type === 'audio');
    expect(v?.codec_name).toBe('h264');
    expect(a?.codec_name).toBe('aac');
    expect([v?.width, v?.height]).toEqual([1280, 720]);
    expect(Math.abs(Number(video.info.format.duration) - narrationSeconds)).toBeLessThanOrEqual(0.5);

    const audio = await saveAndProbe(done.audio_url, 'narration.m4a');
    expect(audio.info.streams[0].codec_name).toBe('aac');
    expect(Math.abs(Number(audio.info.format.duration) - narrationSeconds)).toBeLessThanOrEqual(0.5);

    const thumb = await download(done.thumbnail_url);
    expect(thumb.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const vtt = (await download(done.subtitles_url)).body.toString();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('Bees fan their wings');

    const log = await events(api, created.id);
    expect(log.map((e: any) => e.seq)).toEqual(log.map((_: any, i: number) => i + 1));
    const types = log.map((e: any) => e.type);
    expect(types[0]).toBe('created');
    expect(types).toContain('awaiting_approval');
    expect(types).toContain('approved');
    expect(types.filter((t: string) => t === 'scene_image_generated')).toHaveLength(3);
    expect(types.filter((t: string) => t === 'scene_narrated')).toHaveLength(3);
    expect(types.at(-1)).toBe('completed');
    const statuses = log.filter((e: any) => e.type === 'stage_started').map((e: any) => e.status);
    expect(statuses).toEqual(['scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering']);
  });
});
