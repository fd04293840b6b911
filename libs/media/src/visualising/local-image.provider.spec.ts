import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_FAMILY } from '../common/fonts';
import { ASPECT_RATIOS, frameSize, type ImageInput } from '../common/media.types';
import { drawTitle, LocalImageProvider, PICTURE_FONT, sceneTitle } from './local-image.provider';

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
      expect(result).toMatchObject({ path: out, ...frameSize(aspectRatio), mimeType: 'image/png' });
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

  it('never writes the narration: only the description decides the picture', async () => {
    const first = path.join(dir, 'narration-1.png');
    const second = path.join(dir, 'narration-2.png');
    await provider.generateImage({ ...base, caption: 'One narration.' }, first);
    await provider.generateImage({ ...base, caption: 'A wholly different narration, much longer.' }, second);
    expect((await readFile(first)).equals(await readFile(second))).toBe(true);
  });

  it('draws text in any script without failing: CJK, Arabic, emoji, Greek, Cyrillic', async () => {
    for (const [i, description] of [
      '東京の夜景, close-up',
      'مدينة قديمة على البحر',
      '🐝🍯 bees and honey 🌻',
      'Ο Παρθενώνας τη νύχτα',
      'Красная площадь зимой',
      '',
    ].entries()) {
      const out = path.join(dir, `script-${i}.png`);
      const result = await provider.generateImage({ ...base, description }, out);
      expect(pngSize(await readFile(out))).toEqual({ width: result.width, height: result.height });
    }
  });
});

describe('picture titles', () => {
  it('are the subject that opens the description, on one short line', () => {
    expect(sceneTitle('The draisine of 1817, close-up, in warm golden light')).toBe('The draisine of 1817');
    expect(sceneTitle('Ο Παρθενώνας τη νύχτα, ευρύ πλάνο')).toBe('Ο Παρθενώνας τη νύχτα');
    expect(sceneTitle('東京の夜景、クローズアップ')).toBe('東京の夜景');
    expect(sceneTitle('')).toBe('');
    const long = sceneTitle('A very long subject that keeps going without any comma at all until it ends');
    expect(long.length).toBeLessThanOrEqual(48);
    expect(
      'A very long subject that keeps going without any comma at all until it ends'.startsWith(long),
    ).toBe(true);
  });

  it('use DejaVu Sans, registered from the shipped files', () => {
    expect(GlobalFonts.has(FONT_FAMILY)).toBe(true);
    expect(PICTURE_FONT).toContain(FONT_FAMILY);
  });

  /** The white pixels a glyph leaves on a black tile, as a bit string. */
  function glyph(text: string): string {
    const canvas = createCanvas(96, 96);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 96, 96);
    ctx.font = `64px ${PICTURE_FONT}`;
    ctx.fillStyle = '#fff';
    ctx.textBaseline = 'top';
    ctx.fillText(text, 8, 8);
    const data = ctx.getImageData(0, 0, 96, 96).data;
    let bits = '';
    for (let i = 0; i < data.length; i += 4) bits += data[i]! > 128 ? '1' : '0';
    return bits;
  }

  it('draw real Greek and Cyrillic letters, not one missing-glyph box for all', () => {
    // A font without these scripts draws the same .notdef box for each; DejaVu draws each letter.
    const letters = ['Ω', 'λ', 'Σ', 'ψ', 'Ж', 'д', 'Я', 'ш', 'ß', 'ñ'];
    const shapes = letters.map(glyph);
    for (const [i, shape] of shapes.entries()) expect(shape.includes('1'), letters[i]).toBe(true);
    expect(new Set(shapes).size).toBe(letters.length);
    const canvas = createCanvas(10, 10);
    const ctx = canvas.getContext('2d');
    ctx.font = `32px ${PICTURE_FONT}`;
    expect(ctx.measureText('Ελληνικά Русский').width).toBeGreaterThan(100);
  });

  it('write the title in the upper part of the picture', () => {
    const { width, height } = frameSize('16:9');
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, width, height);
    drawTitle(ctx, width, height, 'Красная площадь');
    const data = ctx.getImageData(0, 0, width, height).data;
    let upper = 0;
    let lower = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! < 200) continue;
      if (i / 4 / width < height / 2) upper++;
      else lower++;
    }
    expect(upper).toBeGreaterThan(2000);
    expect(lower).toBe(0);
  });
});
