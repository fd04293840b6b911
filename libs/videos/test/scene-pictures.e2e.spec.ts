import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { download, finished, waitForVideo } from '../../../test/support/videos';

const run = promisify(execFile);
const ffmpeg = resolveFfmpeg(undefined, process.env.PATH);
const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-scene-pictures-'));
/** `VIDEO_FRAMES_DIR=docs/screenshots` also saves each video's frames there (the README's pictures). */
const FRAMES_DIR = process.env.VIDEO_FRAMES_DIR;

/** One frame from the middle of each scene, tiled into one picture `columns` wide. */
async function sceneFrames(
  mp4: Buffer,
  spans: { start: number; end: number }[],
  columns: number,
  out: string,
) {
  const file = path.join(dir, `${path.basename(out)}.mp4`);
  writeFileSync(file, mp4);
  const frames = path.join(dir, path.basename(out, '.png'));
  mkdirSync(frames, { recursive: true });
  for (const [i, s] of spans.entries()) {
    const at = s.start + (s.end - s.start) * 0.55;
    await run(ffmpeg, [
      ...['-v', 'error', '-y', '-ss', at.toFixed(3), '-i', file, '-frames:v', '1'],
      path.join(frames, `f${String(i).padStart(2, '0')}.png`),
    ]);
  }
  const rows = Math.ceil(spans.length / columns);
  await run(ffmpeg, [
    ...['-v', 'error', '-y', '-framerate', '1', '-i', path.join(frames, 'f%02d.png')],
    ...['-vf', `scale=480:-2,tile=${columns}x${rows}:padding=6:color=white`, '-frames:v', '1', out],
  ]);
}

describe('scene pictures through the real stack', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await createAccount({ credits: 200 });
  });

  const videos = [
    {
      name: 'video-frames-list',
      body: {
        prompt:
          'Five surprising facts about octopuses: they have three hearts, blue blood, they can change colour, their arms can taste, and some species use tools',
        scene_count: 5,
      },
      columns: 3,
      // Each scene's picture shows what it is about.
      // Five facts in five scenes: the title yields, each fact has its scene (a list is its items).
      expected: [
        ['octopus', 'anatomical heart'],
        // "They have blue blood": the octopuses' blood, not their hearts again.
        ['octopus', 'drop of blood'],
        ['octopus', 'artist palette'],
        // "Their arms can taste": the octopuses' arms.
        ['octopus'],
        // "Some species use tools": some octopuses, with their tools.
        ['octopus', 'hammer and wrench'],
      ],
    },
    {
      name: 'video-frames-explainer',
      body: {
        prompt:
          'How a rainbow forms. Sunlight shines into raindrops in the sky. Each drop bends the light and splits it into colours. So we see an arc of colours across the sky.',
        scene_count: 4,
      },
      columns: 2,
      expected: [['rainbow'], ['sun', 'droplet', 'sky'], ['droplet'], ['artist palette']],
    },
    {
      name: 'video-frames-short',
      body: {
        prompt:
          'Three tips for better sleep: keep your bedroom dark, put your phone away an hour before bed, and drink coffee only in the morning.',
        scene_count: 4,
        aspect_ratio: '9:16',
      },
      columns: 4,
      expected: [['light bulb', 'bed'], ['bed', 'night'], ['mobile phone', 'bed'], ['hot beverage']],
    },
  ];

  for (const v of videos) {
    it(`${v.name.replace('video-frames-', 'a ')}: every scene's picture depicts what the scene names, credited, on screen`, {
      timeout: 300_000,
    }, async () => {
      const res = await owner.api.post('/videos', { ...v.body, auto_approve: true });
      expect(res.status).toBe(201);
      const video = await waitForVideo(owner.api, res.body.id, finished, 240_000);
      expect(video.status).toBe('completed');
      const scenes = (await owner.api.get(`/videos/${video.id}/scenes`)).body;
      expect(scenes.map((s: any) => s.image_depicts)).toEqual(v.expected);
      for (const s of scenes) {
        const drawn = s.image_depicts.filter((d: string) => !['sky', 'night', 'sea', 'beach'].includes(d));
        expect(s.image_attribution.map((a: any) => a.title)).toEqual(
          drawn.map((d: string) => `${d} (Fluent Emoji Flat)`),
        );
      }
      // Each scene lasts about its narration: a frame from its middle shows its picture.
      let start = 0;
      const spans = scenes.map((sc: any) => {
        const span = { start, end: start + sc.narration_seconds };
        start = span.end;
        return span;
      });
      const mp4 = await download(video.video_url);
      expect(mp4.status).toBe(200);
      const out = path.join(FRAMES_DIR ?? dir, `${v.name}.png`);
      await sceneFrames(mp4.body, spans, v.columns, out);
    });
  }
});
