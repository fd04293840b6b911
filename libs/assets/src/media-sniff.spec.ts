import { describe, expect, it } from 'vitest';
import { imageSizeProblem, readImageSize, sniffMedia } from './media-sniff';

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(
    parts.map((p) =>
      typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p),
    ),
  );
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16le = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};

function pngHeader(width: number, height: number): Buffer {
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    'IHDR',
    u32be(width),
    u32be(height),
    [8, 2, 0, 0, 0],
  );
}

function jpegHeader(width: number, height: number): Buffer {
  const app0 = bytes([0xff, 0xe0, 0x00, 0x10], 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = bytes([0xff, 0xdb, 0x00, 0x04, 0x00, 0x01]);
  const sof = bytes([0xff, 0xc2, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return bytes([0xff, 0xd8], app0, [0xff], dqt, sof, Buffer.alloc(9));
}

const riff = (kind: string, chunk: string, body: Buffer) =>
  bytes('RIFF', u32be(0), kind, chunk, u32be(body.length), body, Buffer.alloc(8));

describe('sniffMedia', () => {
  it.each([
    ['png', pngHeader(64, 48)],
    ['jpeg', jpegHeader(80, 60)],
    ['webp', riff('WEBP', 'VP8 ', bytes([0, 0, 0, 0x9d, 0x01, 0x2a], u16le(96), u16le(72)))],
    ['wav', riff('WAVE', 'fmt ', Buffer.alloc(16))],
    ['ogg', bytes('OggS', Buffer.alloc(24))],
    ['m4a', bytes(u32be(24), 'ftypM4A ', Buffer.alloc(12))],
    ['mp3', bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(12))],
    ['mp3', bytes('ID3', [4, 0, 0, 0, 0, 0, 4], Buffer.alloc(4), [0xff, 0xf3, 0x84, 0xc4], Buffer.alloc(8))],
    ['aac', bytes([0xff, 0xf1, 0x50, 0x80], Buffer.alloc(12))],
    ['aac', bytes('ID3', [4, 0, 0, 0, 0, 0, 2], Buffer.alloc(2), [0xff, 0xf9, 0x50, 0x80], Buffer.alloc(8))],
  ])('recognises %s from its bytes', (format, head) => {
    expect(sniffMedia(head)).toBe(format);
  });

  it.each([
    ['plain text named .png', Buffer.from('hello, this is not an image\n')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['GIF', bytes('GIF89a', Buffer.alloc(10))],
    ['an AVI (RIFF but neither WebP nor WAVE)', riff('AVI ', 'LIST', Buffer.alloc(8))],
    ['MPEG layer II', bytes([0xff, 0xfd, 0x90, 0x64], Buffer.alloc(12))],
    ['MPEG with a reserved sample rate', bytes([0xff, 0xfb, 0x9c, 0x64], Buffer.alloc(12))],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_what, head) => {
    expect(sniffMedia(head)).toBeUndefined();
  });
});

describe('readImageSize', () => {
  it('reads the size a PNG, a JPEG and each kind of WebP declare', () => {
    expect(readImageSize(pngHeader(64, 48), 'png')).toEqual({ width: 64, height: 48 });
    expect(readImageSize(jpegHeader(800, 600), 'jpeg')).toEqual({ width: 800, height: 600 });
    const lossy = riff('WEBP', 'VP8 ', bytes([0, 0, 0, 0x9d, 0x01, 0x2a], u16le(96), u16le(72)));
    expect(readImageSize(lossy, 'webp')).toEqual({ width: 96, height: 72 });
    const bits = Buffer.alloc(4);
    bits.writeUInt32LE((320 - 1) | ((240 - 1) << 14));
    const lossless = riff('WEBP', 'VP8L', bytes([0x2f], bits, Buffer.alloc(4)));
    expect(readImageSize(lossless, 'webp')).toEqual({ width: 320, height: 240 });
    const extended = riff('WEBP', 'VP8X', bytes([0, 0, 0, 0], [0xff, 0x3f, 0x00], [0x0f, 0x27, 0x00]));
    expect(readImageSize(extended, 'webp')).toEqual({ width: 16384, height: 10000 });
  });

  it('finds no size in a malformed or truncated header', () => {
    expect(readImageSize(pngHeader(64, 48).subarray(0, 20), 'png')).toBeUndefined();
    expect(readImageSize(jpegHeader(80, 60).subarray(0, 30), 'jpeg')).toBeUndefined();
    expect(
      readImageSize(bytes([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08], Buffer.alloc(20)), 'jpeg'),
    ).toBeUndefined();
    expect(readImageSize(pngHeader(0, 48), 'png')).toBeUndefined();
  });
});

describe('imageSizeProblem', () => {
  it('accepts sizes within 16384 px a side and 50 megapixels', () => {
    expect(imageSizeProblem({ width: 16_384, height: 3_000 })).toBeUndefined();
    expect(imageSizeProblem({ width: 7_000, height: 7_000 })).toBeUndefined();
  });

  it('refuses a side over 16384 px or more than 50 megapixels', () => {
    expect(imageSizeProblem({ width: 30_000, height: 30_000 })).toMatch(
      /30000x30000 .* at most 16384 per side/,
    );
    expect(imageSizeProblem({ width: 16_385, height: 10 })).toMatch(/at most 16384 per side/);
    expect(imageSizeProblem({ width: 16_384, height: 3_052 })).toMatch(/at most 50 megapixels/);
  });
});
