import { deflateSync } from 'node:zlib';

/**
 * An RGBA PNG drawn pixel by pixel, for logos with transparency in specs: `paint(x, y)` gives each
 * pixel's [r, g, b, a].
 */
export function rgbaPng(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (width * 4 + 1);
    rows[at] = 0;
    for (let x = 0; x < width; x++) Buffer.from(paint(x, y)).copy(rows, at + 1 + x * 4);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A logo: a solid rectangle inset by a quarter of each side, fully transparent around it. */
export function insetLogo(width: number, height: number, rgb: [number, number, number]): Buffer {
  return rgbaPng(width, height, (x, y) =>
    x >= width / 4 && x < (3 * width) / 4 && y >= height / 4 && y < (3 * height) / 4
      ? [...rgb, 255]
      : [0, 0, 0, 0],
  );
}
