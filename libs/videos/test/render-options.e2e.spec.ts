import { parseWebVtt } from '@vidgen/media';
import { describe, expect, it } from 'vitest';
import { type ApiClient, createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { band, frameAt, loudness, meanDiff, silences, toneLevel } from '../../../test/support/frames';
import { download, events, finished, waitForVideo } from '../../../test/support/videos';
import { saved, uploaded } from './support/rendered';

const NARRATION = [
  'Honey bees visit thousands of flowers every day, and each one carries a tiny load of nectar home to the hive.',
  'Inside, the nectar slowly turns into honey.',
];
const HZ = 60;

async function produce(api: ApiClient, images: string[], body: Record<string, unknown>) {
  const own = NARRATION.map((narration, i) => ({ narration, image_asset_id: images[i] }));
  const created = await api.post('/videos', { prompt: 'Bees', scenes: own, auto_approve: true, ...body });
  expect(created.status, created.text).toBe(201);
  const done = await waitForVideo(api, created.body.id, finished, 240_000);
  expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
  const scenes = (await api.get(`/videos/${done.id}/scenes`)).body as { narration_seconds: number }[];
  return {
    video: done,
    file: await saved(done.video_url, `${done.id}.mp4`),
    seconds: scenes.map((s) => s.narration_seconds),
  };
}

describe('render options end to end: motion, fades, captions and music in the delivered MP4', () => {
  it('renders the defaults (kenburns, fade, captions) with music under it, and none of it when turned off', async () => {
    const { api } = await createAccount({ credits: 100 });
    // The client's own uploads. Two pictures, the same in every video so frames compare across
    // them: a detailed one larger than the frame, and a 500×900 portrait JPEG with a centred red
    // square. And a tone as music, shorter than the video.
    const images = [
      await uploaded(api, { name: 'wide.png', lavfi: 'testsrc=s=1600x900', args: ['-frames:v', '1'] }),
      await uploaded(api, {
        name: 'tall.jpg',
        lavfi: 'color=white:s=500x900',
        args: ['-frames:v', '1', '-vf', 'drawbox=x=150:y=350:w=200:h=200:color=red:t=fill'],
      }),
    ];
    const music = await uploaded(api, {
      name: 'tone.wav',
      lavfi: `sine=frequency=${HZ}:duration=4`,
      args: ['-ac', '2'],
    });
    const [styled, plain, top] = await Promise.all([
      produce(api, images, { music: { asset_id: music, volume: 0.3 } }),
      produce(api, images, { motion: 'none', transition: 'none', captions: { burn_in: false } }),
      produce(api, images, {
        motion: 'none',
        transition: 'none',
        captions: { position: 'top', size: 'large' },
      }),
    ]);
    expect(styled.video.options).toMatchObject({
      motion: 'kenburns',
      transition: 'fade',
      captions: { burn_in: true, position: 'bottom', size: 'medium' },
      music: { asset_id: music, volume: 0.3 },
    });

    // Length: the narration's, crossfades and all.
    const total = styled.seconds[0]! + styled.seconds[1]!;
    expect(Math.abs(Number((await probe(styled.file)).format.duration) - total)).toBeLessThanOrEqual(0.5);

    // Motion: frames a second apart in the first scene differ; without motion they do not.
    const gray = { gray: true };
    const [m1, m2, p1, p2] = await Promise.all([
      frameAt(styled.file, 1, gray),
      frameAt(styled.file, 2, gray),
      frameAt(plain.file, 1, gray),
      frameAt(plain.file, 2, gray),
    ]);
    expect(meanDiff(m1, m2)).toBeGreaterThan(2);
    expect(meanDiff(p1, p2)).toBeLessThan(0.5);

    // Fade: just before the boundary the frame is a blend of both scenes.
    const boundary = styled.seconds[0]!;
    const [mid0, mid1, edge] = await Promise.all([
      frameAt(styled.file, boundary / 2),
      frameAt(styled.file, boundary + styled.seconds[1]! / 2),
      frameAt(styled.file, boundary - 0.25),
    ]);
    expect(meanDiff(edge, mid0)).toBeGreaterThan(5);
    expect(meanDiff(edge, mid1)).toBeGreaterThan(5);

    // The portrait picture fills the 16:9 frame, undistorted: its red square stays square.
    const second = await frameAt(plain.file, boundary + 0.5, { width: 640, height: 360 });
    const red: [number, number][] = [];
    for (let y = 0; y < second.height; y++)
      for (let x = 0; x < second.width; x++) {
        const i = (y * second.width + x) * 3;
        if (second.data[i]! > 180 && second.data[i + 1]! < 90 && second.data[i + 2]! < 90) red.push([x, y]);
      }
    const xs = red.map(([x]) => x);
    const ys = red.map(([, y]) => y);
    const w = Math.max(...xs) - Math.min(...xs) + 1;
    const h = Math.max(...ys) - Math.min(...ys) + 1;
    expect(w).toBeGreaterThan(100);
    expect(w / h).toBeGreaterThan(0.9);
    expect(w / h).toBeLessThan(1.1);
    expect(Math.min(...second.data.subarray(0, 9))).toBeGreaterThan(200); // a white corner, no bar

    // Captions at the top: the top band carries them, the bottom band is the picture's own.
    const [t1, q1] = await Promise.all([frameAt(top.file, 1, gray), frameAt(plain.file, 1, gray)]);
    expect(meanDiff(band(t1, 0, 0.25), band(q1, 0, 0.25))).toBeGreaterThan(5);
    expect(meanDiff(band(t1, 0.75, 1), band(q1, 0.75, 1))).toBeLessThan(0.5);

    // Music: the tone is under the video (looped past its 4 s), absent without music.
    const withTone = await toneLevel(styled.file, total - 4, 1.5, HZ);
    expect(withTone - (await toneLevel(plain.file, total - 4, 1.5, HZ))).toBeGreaterThan(25);
    for (const v of [styled, plain]) {
      const l = await loudness(v.file);
      expect(Math.abs(l.integrated - -16)).toBeLessThanOrEqual(1.5);
      expect(l.truePeak).toBeLessThanOrEqual(-1);
    }

    // Subtitles show the same short phrases as the captions.
    const cues = parseWebVtt((await download(styled.video.subtitles_url)).body.toString());
    expect(cues.length).toBeGreaterThanOrEqual(5);
    for (const c of cues) expect(c.text.split(/\s+/).length).toBeLessThanOrEqual(7);

    // One segment per scene, then one render.
    const log = await events(api, styled.video.id);
    expect(log.filter((e: any) => e.type === 'segment_rendered')).toHaveLength(2);
    expect(log.filter((e: any) => e.type === 'rendered')).toHaveLength(1);
  }, 300_000);

  it('ducks the music under the voice: the tone is at least 6 dB lower while the narrator speaks than in a pause', async () => {
    const { api } = await createAccount({ credits: 20 });
    const music = await uploaded(api, {
      name: 'tone.wav',
      lavfi: `sine=frequency=${HZ}:duration=10`,
      args: ['-ac', '2'],
    });
    // espeak-ng holds a run of dashes as a pause of well over a second: a real pause mid-scene.
    const narration = `Inside, the nectar slowly turns into honey. ${'— '.repeat(12)}Then the bees rest.`;
    const created = await api.post('/videos', {
      prompt: 'Bees',
      voice: 'en-gb',
      scenes: [{ narration }],
      auto_approve: true,
      motion: 'none',
      transition: 'none',
      captions: { burn_in: false },
      music: { asset_id: music, volume: 0.3 },
    });
    expect(created.status, created.text).toBe(201);
    const done = await waitForVideo(api, created.body.id, finished, 240_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
    const [file, voice] = await Promise.all([
      saved(done.video_url, 'ducked.mp4'),
      saved(done.audio_url, 'narration.m4a'),
    ]);
    // Where the narrator speaks and pauses, from the delivered narration track itself.
    const pause = (await silences(voice)).find((s) => s.start > 1 && s.end - s.start > 1);
    expect(pause, JSON.stringify(await silences(voice))).toBeDefined();
    const during = await toneLevel(file, 0.2, pause!.start - 0.4, HZ);
    // The music comes back over 400 ms once the voice stops; measured after that.
    const inPause = await toneLevel(file, pause!.start + 0.5, pause!.end - pause!.start - 0.6, HZ);
    expect(inPause - during, `speech ${during} dB, pause ${inPause} dB`).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
