import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, sceneChanges } from '../../../../test/support/ffprobe';
import { RenderError } from '../common/media.errors';
import type { AspectRatio, GeneratedSpeech } from '../common/media.types';
import { buildTimeline, parseWebVtt, toWebVtt } from '../common/timeline';
import { LocalSpeechProvider } from '../narrating/local-speech.provider';
import { LocalImageProvider } from '../visualising/local-image.provider';
import { FfmpegRenderer, type RenderScene } from './ffmpeg.renderer';
import { ffmpegMajorVersion, MIN_FFMPEG_MAJOR, projectFfmpeg, resolveFfmpeg } from './resolve-ffmpeg';

const NARRATION = [
  'Here is a short journey through how bees make honey.',
  'Look closely at the hive.',
  'Together, these moments tell the story of how bees make honey, from flower to jar.',
];

describe('FfmpegRenderer', () => {
  let dir: string;
  let speech: GeneratedSpeech[];
  const renderer = new FfmpegRenderer({ ffmpegPath: resolveFfmpeg() });
  const images = new LocalImageProvider();

  async function scenesFor(
    aspectRatio: AspectRatio,
    imageAspect: AspectRatio = aspectRatio,
  ): Promise<RenderScene[]> {
    return Promise.all(
      speech.map(async (audio, i) => {
        const image = await images.generateImage(
          {
            description: NARRATION[i]!,
            caption: NARRATION[i]!,
            sceneIndex: i,
            sceneCount: speech.length,
            aspectRatio: imageAspect,
            seed: 'render-spec',
          },
          path.join(dir, `img-${imageAspect.replace(':', 'x')}-${i}.png`),
        );
        return { imagePath: image.path, audioPath: audio.path, durationSeconds: audio.durationSeconds };
      }),
    );
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-render-'));
    const voice = new LocalSpeechProvider();
    speech = [];
    for (const [i, text] of NARRATION.entries()) {
      speech.push(await voice.synthesize({ text }, path.join(dir, `speech-${i}.wav`)));
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders an H.264/AAC MP4, narration, thumbnail and subtitles that match the narration', async () => {
    const scenes = await scenesFor('16:9');
    const outDir = path.join(dir, 'out-16x9');
    const timeline = buildTimeline(
      NARRATION.map((narration, i) => ({ narration, durationSeconds: scenes[i]!.durationSeconds })),
    );
    const progress: number[] = [];
    const result = await renderer.render(
      { scenes, aspectRatio: '16:9', outDir, subtitlesVtt: toWebVtt(timeline.cues) },
      { onProgress: (f) => progress.push(f) },
    );
    const total = timeline.totalSeconds;

    expect(result).toMatchObject({
      videoPath: path.join(outDir, 'video.mp4'),
      audioPath: path.join(outDir, 'narration.m4a'),
      thumbnailPath: path.join(outDir, 'thumbnail.jpg'),
      subtitlesPath: path.join(outDir, 'subtitles.vtt'),
    });
    expect(result.durationSeconds).toBeCloseTo(total, 1);
    // Only the four final files: no temporary leftovers.
    expect((await readdir(outDir)).sort()).toEqual([
      'narration.m4a',
      'subtitles.vtt',
      'thumbnail.jpg',
      'video.mp4',
    ]);

    const video = await probe(result.videoPath);
    const v = video.streams.find((s) => s.codec_type === 'video')!;
    const a = video.streams.find((s) => s.codec_type === 'audio')!;
    expect(v).toMatchObject({ codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p' });
    expect(a.codec_name).toBe('aac');
    expect(video.format.format_name).toContain('mp4');
    expect(Math.abs(Number(video.format.duration) - total)).toBeLessThan(0.5);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = (await readFile(result.videoPath)).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));

    // Cuts land where each scene's narration ends, to within a frame.
    const cuts = timeline.cues.slice(1).map((c) => c.start);
    const changes = await sceneChanges(result.videoPath, 0.1);
    expect(changes).toHaveLength(cuts.length);
    for (const [i, t] of changes.entries())
      expect(Math.abs(t - cuts[i]!)).toBeLessThanOrEqual(1 / 24 + 0.001);

    const narration = await probe(result.audioPath);
    expect(narration.streams.map((s) => s.codec_name)).toEqual(['aac']);
    expect(Math.abs(Number(narration.format.duration) - total)).toBeLessThan(0.2);

    const thumb = await readFile(result.thumbnailPath);
    expect([...thumb.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const thumbInfo = await probe(result.thumbnailPath);
    expect(thumbInfo.streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });

    const cues = parseWebVtt(await readFile(result.subtitlesPath, 'utf8'));
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expect(cues.at(-1)!.end).toBeCloseTo(total, 3);

    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
    expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it('sizes the video from the aspect ratio and crops pictures of another shape to fill it', async () => {
    const portrait = await renderer.render({
      scenes: await scenesFor('9:16'),
      aspectRatio: '9:16',
      outDir: path.join(dir, 'out-9x16'),
    });
    const p = (await probe(portrait.videoPath)).streams.find((s) => s.codec_type === 'video')!;
    expect([p.width, p.height]).toEqual([720, 1280]);
    expect((await probe(portrait.thumbnailPath)).streams[0]).toMatchObject({ width: 720, height: 1280 });
    // Without subtitles from the caller the file still exists and is valid (and empty).
    expect(parseWebVtt(await readFile(portrait.subtitlesPath, 'utf8'))).toEqual([]);

    const square = await renderer.render({
      scenes: await scenesFor('1:1', '16:9'),
      aspectRatio: '1:1',
      outDir: path.join(dir, 'out-1x1'),
    });
    const s = (await probe(square.videoPath)).streams.find((st) => st.codec_type === 'video')!;
    expect([s.width, s.height]).toEqual([1024, 1024]);
    expect((await probe(square.thumbnailPath)).streams[0]).toMatchObject({ width: 1024, height: 1024 });
  });

  it('renders at the output it is given: 1080p at 60 fps, every frame counted, with a crossfade and captions', async () => {
    // Short scenes: the narration is cut to them, which keeps a 1080p60 render quick.
    const scenes = (await scenesFor('16:9')).map((scene) => ({ ...scene, durationSeconds: 1.5 }));
    const out = await renderer.render({
      scenes,
      aspectRatio: '16:9',
      outDir: path.join(dir, 'out-1080p60'),
      output: { resolution: '1080p', fps: 60 },
      style: {
        motion: 'none',
        transition: 'fade',
        captions: { burn_in: true, position: 'bottom', size: 'medium', style: 'word' },
        seed: 'render-spec',
      },
    });
    const v = (await probe(out.videoPath)).streams.find((s) => s.codec_type === 'video')!;
    expect([v.width, v.height]).toEqual([1920, 1080]);
    expect(v.r_frame_rate).toBe('60/1');
    expect(Math.abs(Number(v.nb_frames) - Number(v.duration) * 60)).toBeLessThanOrEqual(1);
    expect(Math.abs(out.durationSeconds - 1.5 * scenes.length)).toBeLessThan(0.2);
    expect((await probe(out.thumbnailPath)).streams[0]).toMatchObject({ width: 1920, height: 1080 });
  }, 240_000);

  it('stops ffmpeg on abort and leaves no file behind', async () => {
    const [first] = await scenesFor('16:9');
    // Two minutes of video: long enough that the abort lands mid-encode.
    const scenes = [0, 1, 2].map(() => ({ ...first!, durationSeconds: 40 }));
    const outDir = path.join(dir, 'out-abort');
    const controller = new AbortController();
    let abortedAt = 0;
    const started = Date.now();
    const rendering = renderer.render(
      { scenes, aspectRatio: '16:9', outDir },
      {
        signal: controller.signal,
        onProgress: (f) => {
          if (f > 0 && !controller.signal.aborted) {
            abortedAt = Date.now();
            controller.abort();
          }
        },
      },
    );
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortedAt).toBeGreaterThan(started);
    expect(Date.now() - abortedAt).toBeLessThan(3000);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('keeps earlier outputs intact and cleans up when ffmpeg fails', async () => {
    const scenes = await scenesFor('16:9');
    const outDir = path.join(dir, 'out-fail');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'video.mp4'), 'previous render');
    const broken = path.join(dir, 'broken.png');
    await writeFile(broken, 'not a png at all');
    const failing = renderer.render({
      scenes: [scenes[0]!, { ...scenes[1]!, imagePath: broken }],
      aspectRatio: '16:9',
      outDir,
    });
    await expect(failing).rejects.toBeInstanceOf(RenderError);
    await expect(failing).rejects.toThrow(/ffmpeg failed/);
    expect(await readdir(outDir)).toEqual(['video.mp4']);
    expect(await readFile(path.join(outDir, 'video.mp4'), 'utf8')).toBe('previous render');
  });

  it('refuses missing inputs and invalid durations before starting ffmpeg', async () => {
    const [scene] = await scenesFor('16:9');
    const outDir = path.join(dir, 'out-invalid');
    await expect(renderer.render({ scenes: [], aspectRatio: '16:9', outDir })).rejects.toThrow(/no scenes/);
    await expect(
      renderer.render({
        scenes: [{ ...scene!, audioPath: path.join(dir, 'nope.wav') }],
        aspectRatio: '16:9',
        outDir,
      }),
    ).rejects.toThrow(/audio is missing/);
    await expect(
      renderer.render({ scenes: [{ ...scene!, durationSeconds: 0 }], aspectRatio: '16:9', outDir }),
    ).rejects.toThrow(/invalid duration/);
    await expect(
      new FfmpegRenderer({ ffmpegPath: path.join(dir, 'no-ffmpeg') }).render({
        scenes: [scene!],
        aspectRatio: '16:9',
        outDir,
      }),
    ).rejects.toThrow(/Could not start ffmpeg/);
  });
});

describe('resolveFfmpeg', () => {
  async function fakeFfmpeg(dir: string, version: string): Promise<string> {
    const file = path.join(dir, 'ffmpeg');
    await writeFile(file, `#!/bin/sh\necho "ffmpeg version ${version} Copyright (c) 2000-2026"\n`);
    await chmod(file, 0o755);
    return file;
  }

  it('prefers the configured path, then an ffmpeg 6+ on PATH, then the pinned build under .tools', async () => {
    expect(resolveFfmpeg('/opt/ffmpeg/bin/ffmpeg', '/usr/bin')).toBe('/opt/ffmpeg/bin/ffmpeg');
    const modern = await mkdtemp(path.join(tmpdir(), 'vidgen-path-'));
    const old = await mkdtemp(path.join(tmpdir(), 'vidgen-path-'));
    try {
      const fake = await fakeFfmpeg(modern, 'n7.1.1');
      await fakeFfmpeg(old, '4.4.2-0+deb11u1');
      expect(resolveFfmpeg(undefined, ['/nonexistent', modern].join(path.delimiter))).toBe(fake);
      expect(resolveFfmpeg('  ', modern)).toBe(fake);
      // An ffmpeg older than 6 on PATH is passed over for the pinned build.
      expect(resolveFfmpeg(undefined, [old, modern].join(path.delimiter))).toBe(fake);
      expect(resolveFfmpeg(undefined, old)).toBe(projectFfmpeg());
    } finally {
      await rm(modern, { recursive: true, force: true });
      await rm(old, { recursive: true, force: true });
    }
  });

  it('finds the pinned static build, a modern ffmpeg with xfade and libass', () => {
    const pinned = projectFfmpeg();
    expect(pinned, 'run npm run tools:ffmpeg').toBeDefined();
    expect(ffmpegMajorVersion(pinned!)).toBeGreaterThanOrEqual(MIN_FFMPEG_MAJOR);
    expect(resolveFfmpeg(undefined, '/nonexistent')).toBe(pinned);
  });

  it('says how to get one when there is none', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'vidgen-root-'));
    try {
      expect(() => resolveFfmpeg(undefined, '/nonexistent', empty)).toThrow(/npm run tools:ffmpeg/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
