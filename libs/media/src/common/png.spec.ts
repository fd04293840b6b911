import { describe, expect, it } from 'vitest';
import { canvas } from './canvas';
import { encodePng } from './png';

/** The pixels of a PNG as @napi-rs/canvas (Skia) decodes it. */
async function decoded(png: Buffer, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = await canvas().loadImage(png);
  expect([image.width, image.height]).toEqual([width, height]);
  const c = canvas().createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, width, height).data;
}

describe('encodePng', () => {
  it('writes an opaque picture as RGB that decodes to the same pixels', async () => {
    const [w, h] = [97, 41];
    const c = canvas().createCanvas(w, h);
    const ctx = c.getContext('2d');
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, '#c06');
    g.addColorStop(1, '#0af');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#fd3';
    ctx.beginPath();
    ctx.arc(40, 20, 15, 0, Math.PI * 2);
    ctx.fill();
    const pixels = ctx.getImageData(0, 0, w, h).data;
    const png = await encodePng(pixels, w, h);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png[25]).toBe(2); // truecolour without alpha
    expect(await decoded(png, w, h)).toEqual(pixels);
  });

  it('keeps alpha where a pixel is not opaque', async () => {
    const [w, h] = [8, 3];
    const pixels = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) pixels.set([i * 10, 255 - i * 10, 7, i % 2 ? 255 : 0], i * 4);
    const png = await encodePng(pixels, w, h);
    expect(png[25]).toBe(6); // truecolour with alpha
    const back = await decoded(png, w, h);
    for (let i = 0; i < w * h; i++) {
      expect(back[i * 4 + 3]).toBe(pixels[i * 4 + 3]);
      // A transparent pixel's colour is not kept by a decoder that premultiplies.
      if (pixels[i * 4 + 3] === 255)
        expect([...back.subarray(i * 4, i * 4 + 3)]).toEqual([...pixels.subarray(i * 4, i * 4 + 3)]);
    }
  });

  it('refuses pixels that are not width × height RGBA', async () => {
    await expect(encodePng(new Uint8Array(10), 2, 2)).rejects.toThrow(/not 2×2 RGBA/);
  });
});
