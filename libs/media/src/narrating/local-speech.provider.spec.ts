import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../common/media.errors';
import { LocalSpeechProvider } from './local-speech.provider';
import { fixWavSizes, InvalidWavError, parseWavHeader, wavDurationSeconds } from './wav';

function wav(
  seconds: number,
  opts: { sampleRate?: number; channels?: number; declared?: number } = {},
): Buffer {
  const sampleRate = opts.sampleRate ?? 24000;
  const channels = opts.channels ?? 1;
  const dataBytes = Math.round(seconds * sampleRate) * channels * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(opts.declared === undefined ? 36 + dataBytes : opts.declared, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(opts.declared === undefined ? dataBytes : opts.declared, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

describe('WAV duration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-wav-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is computed from the format and the sample bytes present', async () => {
    const file = path.join(dir, 'a.wav');
    await writeFile(file, wav(1.5, { sampleRate: 22050, channels: 2 }));
    expect(await wavDurationSeconds(file)).toBeCloseTo(1.5, 6);
  });

  it('trusts the bytes present over placeholder sizes from streaming encoders', async () => {
    const streamed = wav(2, { declared: 0xffffffff });
    expect(parseWavHeader(streamed, streamed.length).durationSeconds).toBeCloseTo(2, 6);
    const truncated = wav(2).subarray(0, 44 + 24000 * 2); // header says 2 s, file holds 1 s
    expect(parseWavHeader(truncated, truncated.length).durationSeconds).toBeCloseTo(1, 6);
    const fixed = fixWavSizes(streamed);
    expect(fixed.readUInt32LE(40)).toBe(24000 * 2 * 2);
    expect(fixed.readUInt32LE(4)).toBe(fixed.length - 8);
  });

  it('rejects files that are not WAV', async () => {
    const file = path.join(dir, 'not.wav');
    await writeFile(file, 'ID3 this is an mp3, honest');
    await expect(wavDurationSeconds(file)).rejects.toBeInstanceOf(InvalidWavError);
  });
});

describe('LocalSpeechProvider (espeak-ng)', () => {
  let dir: string;
  const provider = new LocalSpeechProvider();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-speech-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a RIFF/WAVE file whose duration grows with the text', async () => {
    const short = await provider.synthesize({ text: 'Bees make honey.' }, path.join(dir, 'short.wav'));
    const long = await provider.synthesize(
      {
        text: 'Bees make honey from the nectar of thousands of flowers, and they store it in wax combs inside the hive.',
      },
      path.join(dir, 'long.wav'),
    );
    const bytes = await readFile(short.path);
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
    expect(short.mimeType).toBe('audio/wav');
    expect(short.durationSeconds).toBeGreaterThan(0.3);
    expect(long.durationSeconds).toBeGreaterThan(short.durationSeconds * 2);
    expect(await wavDurationSeconds(long.path)).toBeCloseTo(long.durationSeconds, 6);
  });

  it('speaks other espeak voices and treats a leading dash as text', async () => {
    const fr = await provider.synthesize({ text: 'Bonjour à tous.', voice: 'fr' }, path.join(dir, 'fr.wav'));
    expect(fr.durationSeconds).toBeGreaterThan(0.3);
    const dashed = await provider.synthesize({ text: '-v xx --help' }, path.join(dir, 'dash.wav'));
    expect(dashed.durationSeconds).toBeGreaterThan(0.3);
  });

  it('fails cleanly, without a file, for unknown voices and empty text', async () => {
    const out = path.join(dir, 'bad.wav');
    await expect(provider.synthesize({ text: 'Hello.', voice: 'zz-nope' }, out)).rejects.toThrow(/voice/);
    await expect(provider.synthesize({ text: 'Hello.', voice: '--help' }, out)).rejects.toBeInstanceOf(
      ProviderError,
    );
    await expect(provider.synthesize({ text: '   ' }, out)).rejects.toBeInstanceOf(ProviderError);
    expect(await readdir(dir)).not.toContain('bad.wav');
  });

  it('runs on its own thread: the event loop keeps turning, and an abort ends the run without a file', async () => {
    const text = 'Bees make honey from the nectar of thousands of flowers. '.repeat(20);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await provider.synthesize({ text }, path.join(dir, 'busy.wav'));
    } finally {
      clearInterval(timer);
    }
    // The synthesis of this text takes several hundred milliseconds of CPU.
    expect(ticks).toBeGreaterThan(10);

    const controller = new AbortController();
    const out = path.join(dir, 'aborted.wav');
    const run = provider.synthesize({ text }, out, controller.signal);
    setTimeout(() => controller.abort(new Error('stopped by the test')), 20);
    await expect(run).rejects.toThrow('stopped by the test');
    expect(await readdir(dir)).not.toContain('aborted.wav');
  });
});
