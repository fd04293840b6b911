import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import {
  atGate,
  createVideo,
  eventsOf,
  finished,
  scenePath,
  scenesOf,
  videoPath,
  waitFor,
} from '../../../test/support/video-client';
import { download } from '../../../test/support/videos';

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
    const { client } = await createAccount({ credits: 100 });
    const created = await createVideo(client, {
      prompt:
        'How honey bees turn nectar into honey. They work as a team. Each hive stores honey for the winter.',
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

    const gated = await waitFor(client, created.id, atGate);
    expect(gated).toMatchObject({ status: 'pending', awaiting_approval: true, credits_charged: 0 });
    expect(gated.estimated_credits).toBe(4);

    const scenes = await scenesOf(client, created.id);
    expect(scenes).toHaveLength(3);
    expect(scenes.map((s) => s.position)).toEqual([1, 2, 3]);
    for (const s of scenes) {
      expect(s.narration.length).toBeGreaterThan(10);
      expect(s.narration.length).toBeLessThanOrEqual(400);
    }

    const edited = await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
      ...scenePath(created.id, scenes[1]!.id),
      body: { narration: 'Bees fan their wings to dry the nectar until it becomes honey.' },
    });
    expect(edited.response.status).toBe(200);
    expect(edited.data?.narration).toBe('Bees fan their wings to dry the nectar until it becomes honey.');

    const approved = await client.POST('/api/v1/videos/{id}/approve', videoPath(created.id));
    expect(approved.response.status).toBe(200);
    expect(approved.data?.awaiting_approval).toBe(false);
    expect(approved.data?.credits_charged).toBe(4);
    expect(['visualising', 'narrating', 'curating', 'rendering', 'completed']).toContain(
      approved.data?.status,
    );

    const done = await waitFor(client, created.id, finished, 180_000);
    expect(done.status).toBe('completed');
    expect(done.failure_reason).toBeNull();
    for (const url of [done.video_url, done.audio_url, done.thumbnail_url, done.subtitles_url])
      expect(url).toMatch(/^http/);

    const finalScenes = await scenesOf(client, created.id);
    const narrationSeconds = finalScenes.reduce((n, s) => n + (s.narration_seconds ?? 0), 0);

    const video = await saveAndProbe(done.video_url!, 'video.mp4');
    const v = video.info.streams.find((s) => s.codec_type === 'video');
    const a = video.info.streams.find((s) => s.codec_type === 'audio');
    expect(v?.codec_name).toBe('h264');
    expect(a?.codec_name).toBe('aac');
    expect([v?.width, v?.height]).toEqual([1280, 720]);
    expect(Math.abs(Number(video.info.format.duration) - narrationSeconds)).toBeLessThanOrEqual(0.5);

    const audio = await saveAndProbe(done.audio_url!, 'narration.m4a');
    expect(audio.info.streams[0].codec_name).toBe('aac');
    expect(Math.abs(Number(audio.info.format.duration) - narrationSeconds)).toBeLessThanOrEqual(0.5);

    const thumb = await download(done.thumbnail_url!);
    expect(thumb.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const vtt = (await download(done.subtitles_url!)).body.toString();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('Bees fan their wings');

    const log = await eventsOf(client, created.id);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    const types = log.map((e) => e.type);
    expect(types[0]).toBe('created');
    expect(types).toContain('awaiting_approval');
    expect(types).toContain('approved');
    expect(types.filter((t) => t === 'scene_image_generated')).toHaveLength(3);
    expect(types.filter((t) => t === 'scene_narrated')).toHaveLength(3);
    expect(types.at(-1)).toBe('completed');
    const statuses = log.filter((e) => e.type === 'stage_started').map((e) => e.status);
    expect(statuses).toEqual(['scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering']);
  });
});
