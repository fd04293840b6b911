import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '@vidgen/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetRejectedError } from './asset-intake.errors';
import { MediaVerifier } from './media-verifier';

describe('MediaVerifier (pinned ffmpeg)', () => {
  const ffmpeg = resolveFfmpeg();
  const verifier = new MediaVerifier(ffmpeg, { timeoutMs: 20_000, concurrency: 1 });
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const make = (name: string, ...args: string[]) =>
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, file(name)], { stdio: 'pipe' });

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-verifier-'));
    make('ok.jpg', '-f', 'lavfi', '-i', 'testsrc=size=80x60:rate=1', '-frames:v', '1');
    make('tone.mp3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5', '-c:a', 'libmp3lame');
    make(
      'with-video.m4a',
      ...['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-f', 'lavfi', '-i', 'sine=duration=1'],
      ...['-t', '1', '-c:v', 'mjpeg', '-c:a', 'aac', '-f', 'mp4'],
    );
    writeFileSync(file('truncated.jpg'), readFileSync(file('ok.jpg')).subarray(0, 1500));
    // A minute of 1080p that takes seconds to decode: two seconds encoded, repeated by copying.
    make(
      'still.mp4',
      ...['-f', 'lavfi', '-i', 'color=c=blue:size=1920x1080:rate=50:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '1000'],
    );
    make('minute.mp4', '-stream_loop', '29', '-i', file('still.mp4'), '-c', 'copy');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts an image that decodes whole, and measures the audio it decodes', async () => {
    await expect(verifier.decode(file('ok.jpg'), 'jpeg')).resolves.toEqual({ durationSeconds: null });
    const { durationSeconds } = await verifier.decode(file('tone.mp3'), 'mp3');
    expect(durationSeconds).toBeCloseTo(1.5, 1);
  });

  it('refuses a truncated JPEG, which ffmpeg decodes with only a warning unless told otherwise', async () => {
    await expect(verifier.decode(file('truncated.jpg'), 'jpeg')).rejects.toBeInstanceOf(AssetRejectedError);
  });

  it('refuses an M4A that also holds a video track, and a file of another format than sniffed', async () => {
    await expect(verifier.decode(file('with-video.m4a'), 'm4a')).rejects.toThrow(/not a valid M4A file/);
    await expect(verifier.decode(file('tone.mp3'), 'ogg')).rejects.toThrow(/not a valid OGG file/);
  });

  /** The ffmpeg processes this test process started that are still there. */
  const ffmpegChildren = () =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(ffmpeg));

  it('stops ffmpeg when the caller gives up, settling only once no ffmpeg is left', async () => {
    const clips = new MediaVerifier(ffmpeg, { timeoutMs: 60_000, concurrency: 1 });
    const started = Date.now();
    const decoding = clips.decode(file('minute.mp4'), 'mp4', AbortSignal.timeout(300));
    await expect(decoding).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('lets a caller that gives up while waiting for its turn leave the line', async () => {
    const one = new MediaVerifier(ffmpeg, { timeoutMs: 60_000, concurrency: 1 });
    const first = new AbortController();
    const running = one.decode(file('minute.mp4'), 'mp4', first.signal);
    const waiting = one.decode(file('tone.mp3'), 'mp3', AbortSignal.timeout(200));
    await expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' });
    first.abort(new Error('stop'));
    await expect(running).rejects.toThrow('stop');
    // The turn the leaver would have had goes to the next caller.
    const { durationSeconds } = await one.decode(file('tone.mp3'), 'mp3');
    expect(durationSeconds).toBeCloseTo(1.5, 1);
  });

  it('gives up on a decode that outlasts its timeout', async () => {
    const slow = new MediaVerifier(ffmpeg, { timeoutMs: 1, concurrency: 1 });
    await expect(slow.decode(file('tone.mp3'), 'mp3')).rejects.toThrow(/did not decode within/);
  });
});
