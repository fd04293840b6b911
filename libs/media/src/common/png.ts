import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflated = promisify(deflate);

/**
 * A PNG of raw RGBA pixels (unpremultiplied, as `getImageData` gives them), compressed by Node's
 * zlib without row filters. Skia's encoder tries every filter on each row: 0.22 s of CPU for a
 * 1280×720 scene picture, most of what drawing one costs, and the media worker's pictures then
 * held the cores a narration beside them needed; this one takes about 0.05 s for a file a tenth
 * smaller (docs/decisions/0085-fair-within-a-rank.md). Opaque pixels are written as RGB. The
 * compression runs on libuv's thread pool, as Skia's did, not on the event loop.
 */
export async function encodePng(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Promise<Buffer> {
  if (rgba.length !== width * height * 4) {
    throw new RangeError(`${rgba.length} bytes are not ${width}×${height} RGBA pixels`);
  }
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) {
    if (rgba[i] !== 255) {
      opaque = false;
      break;
    }
  }
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  // Each row: its filter byte (0, none), then its pixels.
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1) + 1;
    if (!opaque) {
      raw.set(rgba.subarray(y * stride, (y + 1) * stride), at);
      continue;
    }
    for (let x = 0, s = y * width * 4, d = at; x < width; x++, s += 4, d += 3) {
      raw[d] = rgba[s]!;
      raw[d + 1] = rgba[s + 1]!;
      raw[d + 2] = rgba[s + 2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = opaque ? 2 : 6; // truecolour, without or with alpha
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflated(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
