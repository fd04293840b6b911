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

  it('gives up on a decode that outlasts its timeout', async () => {
    const slow = new MediaVerifier(ffmpeg, { timeoutMs: 1, concurrency: 1 });
    await expect(slow.decode(file('tone.mp3'), 'mp3')).rejects.toThrow(/did not decode within/);
  });
});
