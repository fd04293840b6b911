import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, frameSize, type ImageInput } from '../common/media.types';
import { LocalImageProvider } from './local-image.provider';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function pixels(file: string): Promise<Uint8ClampedArray> {
  const image = await loadImage(await readFile(file));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

/** Mean absolute difference per channel, 0..255. */
function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
  }
  return sum / ((a.length / 4) * 3);
}

describe('LocalImageProvider', () => {
  let dir: string;
  const provider = new LocalImageProvider();
  const base: ImageInput = {
    description: 'Close-up of the hive in warm golden light',
    caption: 'Look closely at the hive. There is more to it than meets the eye.',
    sceneIndex: 0,
    sceneCount: 3,
    aspectRatio: '16:9',
    seed: 'video-1',
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-images-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a PNG of the frame size for every aspect ratio', async () => {
    const expected = { '16:9': [1280, 720], '9:16': [720, 1280], '1:1': [1024, 1024] };
    for (const aspectRatio of ASPECT_RATIOS) {
      const out = path.join(dir, `ar-${aspectRatio.replace(':', 'x')}.png`);
      const result = await provider.generateImage({ ...base, aspectRatio }, out);
      const size = pngSize(await readFile(out));
      expect([size.width, size.height]).toEqual(expected[aspectRatio]);
      expect(result).toEqual({ path: out, ...frameSize(aspectRatio), mimeType: 'image/png' });
      expect((size.width % 2) + (size.height % 2)).toBe(0);
    }
  });

  it('draws visibly different pictures for different scenes of one video', async () => {
    const files = await Promise.all(
      [0, 1, 2].map(async (sceneIndex) => {
        const out = path.join(dir, `scene-${sceneIndex}.png`);
        await provider.generateImage(
          { ...base, sceneIndex, description: ['A wide field', 'The hive', 'A jar of honey'][sceneIndex]! },
          out,
        );
        return out;
      }),
    );
    const [a, b, c] = await Promise.all(files.map(pixels));
    expect(meanDifference(a!, b!)).toBeGreaterThan(15);
    expect(meanDifference(b!, c!)).toBeGreaterThan(15);
    expect(meanDifference(a!, c!)).toBeGreaterThan(15);
  });

  it('is reproducible from its input, so a retried scene looks the same', async () => {
    const first = path.join(dir, 'repeat-1.png');
    const second = path.join(dir, 'repeat-2.png');
    await provider.generateImage(base, first);
    await provider.generateImage(base, second);
    expect((await readFile(first)).equals(await readFile(second))).toBe(true);
    const otherSeed = path.join(dir, 'repeat-3.png');
    await provider.generateImage({ ...base, seed: 'video-2' }, otherSeed);
    expect((await readFile(first)).equals(await readFile(otherSeed))).toBe(false);
  });

  it('draws the caption', async () => {
    const withCaption = path.join(dir, 'caption.png');
    const without = path.join(dir, 'no-caption.png');
    await provider.generateImage(base, withCaption);
    await provider.generateImage({ ...base, caption: '' }, without);
    const [a, b] = await Promise.all([pixels(withCaption), pixels(without)]);
    // The caption band sits in the bottom quarter of the frame; the top half stays the same.
    const { width, height } = frameSize('16:9');
    const rowBytes = width * 4;
    const half = rowBytes * (height / 2);
    const quarter = rowBytes * Math.floor(height * 0.75);
    expect(meanDifference(a!.slice(0, half), b!.slice(0, half))).toBeLessThan(1);
    expect(meanDifference(a!.slice(quarter), b!.slice(quarter))).toBeGreaterThan(15);
    // White text pixels exist in the caption band.
    let white = 0;
    for (let i = rowBytes * Math.floor(height * 0.75); i < a!.length; i += 4) {
      if (a![i]! > 240 && a![i + 1]! > 240 && a![i + 2]! > 240) white++;
    }
    expect(white).toBeGreaterThan(1000);
  });
});
