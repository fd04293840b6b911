import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '@vidgen/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffMedia } from './media-sniff';
import { clipDecodeBudgetMs, MediaVerifier } from './media-verifier';

/** Clips in every accepted container and codec, and the ones refused, made by the pinned ffmpeg. */
describe('MediaVerifier on clips', () => {
  const ffmpeg = resolveFfmpeg();
  const verifier = new MediaVerifier(ffmpeg, {
    timeoutMs: 60_000,
    concurrency: 1,
    video: { maxSeconds: 5, maxSide: 640 },
  });
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const src = (size: string, seconds: number) => [
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`],
  ];
  const make = (name: string, ...args: string[]) =>
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, file(name)], { stdio: 'pipe' });
  const sniffed = (name: string) => sniffMedia(readFileSync(file(name)).subarray(0, 1024 * 1024))!;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-clips-'));
    // Clips usually carry sound, which is allowed and never used.
    const tone = ['-f', 'lavfi', '-i', 'sine=duration=1'];
    const sound = (codec: string) => ['-c:a', codec, '-shortest'];
    make(
      'h264.mp4',
      ...src('320x240', 1.2),
      ...tone,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...sound('aac'),
    );
    make(
      'hevc.mp4',
      ...src('320x240', 1),
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=none',
    );
    make('av1.mp4', ...src('160x120', 1), '-c:v', 'libsvtav1', '-preset', '12');
    make(
      'vp9.webm',
      ...src('240x320', 1),
      ...tone,
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      ...sound('libopus'),
    );
    make('vp8.webm', ...src('320x240', 1), '-c:v', 'libvpx', '-deadline', 'realtime');
    make(
      'h264.mov',
      ...src('320x240', 1),
      ...tone,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      ...sound('pcm_s16le'),
      '-f',
      'mov',
    );
    make(
      'hevc.mov',
      ...src('320x240', 1),
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=none',
      '-f',
      'mov',
    );
    make('mpeg4.mp4', ...src('320x240', 1), '-c:v', 'mpeg4');
    make('vp8.mkv', ...src('320x240', 1), '-c:v', 'libvpx', '-f', 'matroska');
    // ffmpeg's WebM muxer refuses MJPEG: a Matroska file whose doctype says webm, as a forger would make it.
    make('mjpeg.mkv', ...src('320x240', 1), '-c:v', 'mjpeg', '-f', 'matroska');
    const mkv = readFileSync(file('mjpeg.mkv'));
    const at = mkv.indexOf('matroska', 0, 'latin1');
    writeFileSync(
      file('mjpeg.webm'),
      Buffer.concat([mkv.subarray(0, at), Buffer.from('webm\0\0\0\0'), mkv.subarray(at + 8)]),
    );
    make('long.mp4', ...src('160x120', 7), '-c:v', 'libx264', '-preset', 'ultrafast');
    make('wide.mp4', ...src('800x120', 1), '-c:v', 'libx264', '-preset', 'ultrafast');
    make('audio-only.mp4', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', '-f', 'mp4');
    writeFileSync(file('truncated.mp4'), readFileSync(file('h264.mp4')).subarray(0, 3000));
    // A stream language that ffmpeg prints inside the stream's description line on stderr.
    const forged = ['-metadata:s:v:0', 'language=x): Video: vp9, 64x64 ,'];
    const vp9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
    make('forged-wide.webm', ...src('4352x64', 0.4), ...vp9, ...forged);
    make('forged-large.webm', ...src('1280x720', 0.4), ...vp9, ...forged);
    // One WebM whose frames change size mid-stream: two segments joined without re-encoding.
    const joined = (name: string, first: string, second: string) => {
      make(`${name}-1.webm`, ...src(first, 0.6), ...vp9);
      make(`${name}-2.webm`, ...src(second, 0.6), ...vp9);
      const list = file(`${name}.txt`);
      writeFileSync(list, `file '${file(`${name}-1.webm`)}'\nfile '${file(`${name}-2.webm`)}'\n`);
      make(`${name}.webm`, '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy');
    };
    joined('resized', '320x240', '480x360');
    joined('widened', '160x120', '4352x64');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['h264.mp4', 'mp4', 320, 240],
    ['hevc.mp4', 'mp4', 320, 240],
    ['av1.mp4', 'mp4', 160, 120],
    ['vp9.webm', 'webm', 240, 320],
    ['vp8.webm', 'webm', 320, 240],
    ['h264.mov', 'mov', 320, 240],
  ])('accepts %s, with its frame size and the length it decodes', async (name, format, width, height) => {
    expect(sniffed(name)).toBe(format);
    const decoded = await verifier.decode(file(name), sniffed(name));
    expect(decoded).toMatchObject({ width, height });
    expect(decoded.durationSeconds).toBeGreaterThan(0.9);
    expect(decoded.durationSeconds).toBeLessThan(1.3);
  });

  it('takes an MP4 that holds only sound for the M4A it is', async () => {
    expect(sniffed('audio-only.mp4')).toBe('mp4');
    const decoded = await verifier.decode(file('audio-only.mp4'), 'mp4');
    expect(decoded.format).toBe('m4a');
    expect(decoded.durationSeconds).toBeCloseTo(1, 0);
  });

  it.each([
    ['hevc.mov', /MOV video in hevc is not supported/],
    ['mpeg4.mp4', /MP4 video in mpeg4 is not supported/],
    ['mjpeg.webm', /WebM video in mjpeg is not supported/],
    ['long.mp4', /the clip lasts 7\.0 s; at most 5 s/],
    ['wide.mp4', /800x120 pixels; at most 640 per side/],
    ['truncated.mp4', /not a valid MP4 file/],
  ])('refuses %s', async (name, reason) => {
    await expect(verifier.decode(file(name), sniffed(name))).rejects.toThrow(reason);
  });

  it('refuses a clip larger than the limit whose stream language forges a small size on stderr', async () => {
    // The language reads "…: Video: vp9, 64x64 ,…" in ffmpeg's stream line; the frames are 4352x64.
    const atDefault = new MediaVerifier(ffmpeg, { timeoutMs: 60_000, concurrency: 1 });
    await expect(atDefault.decode(file('forged-wide.webm'), 'webm')).rejects.toThrow(
      /the clip is 4352x64 pixels; at most 4096 per side/,
    );
    // Frames of more pixels than the limit allows are not even decoded while probing.
    await expect(verifier.decode(file('forged-large.webm'), 'webm')).rejects.toThrow(
      /the clip is 1280x720 pixels; at most 640 per side/,
    );
  });

  it('refuses a clip whose frames change size mid-stream, which its container does not tell', async () => {
    expect(sniffed('resized.webm')).toBe('webm');
    await expect(verifier.decode(file('resized.webm'), 'webm')).rejects.toThrow(
      /the clip changes its frame size from 320x240 to 480x360/,
    );
    const atDefault = new MediaVerifier(ffmpeg, { timeoutMs: 60_000, concurrency: 1 });
    await expect(atDefault.decode(file('widened.webm'), 'webm')).rejects.toThrow(
      /the clip changes its frame size from 160x120 to 4352x64/,
    );
  });

  it('gives a clip a decode time by the length it declares, up to the cap', () => {
    expect(clipDecodeBudgetMs(10, 300_000)).toBe(40_000);
    expect(clipDecodeBudgetMs(1, 300_000)).toBe(13_000);
    expect(clipDecodeBudgetMs(120, 300_000)).toBe(300_000);
    expect(clipDecodeBudgetMs(null, 300_000)).toBe(10_000);
  });

  it('does not sniff a Matroska file that is not WebM, an HLS playlist or a concat list as a clip', () => {
    expect(sniffed('vp8.mkv')).toBeUndefined();
    expect(
      sniffMedia(Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:10,\nhttp://127.0.0.1/a.ts\n')),
    ).toBeUndefined();
    expect(sniffMedia(Buffer.from("ffconcat version 1.0\nfile '/etc/passwd'\n"))).toBeUndefined();
  });
});
