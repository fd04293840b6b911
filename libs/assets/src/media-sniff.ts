/**
 * What a client's file is, judged from its bytes and never from its name: the magic bytes name
 * a format, and for images the header's declared size is read before anything decodes the
 * pixels, so a decompression bomb (a few KB declaring a gigapixel canvas) is refused up front.
 * docs/decisions/0015-client-assets.md has the limits and why.
 */
export const MEDIA_FORMATS = {
  png: { type: 'image', contentType: 'image/png', extension: 'png' },
  jpeg: { type: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  webp: { type: 'image', contentType: 'image/webp', extension: 'webp' },
  mp3: { type: 'audio', contentType: 'audio/mpeg', extension: 'mp3' },
  wav: { type: 'audio', contentType: 'audio/wav', extension: 'wav' },
  m4a: { type: 'audio', contentType: 'audio/mp4', extension: 'm4a' },
  aac: { type: 'audio', contentType: 'audio/aac', extension: 'aac' },
  ogg: { type: 'audio', contentType: 'audio/ogg', extension: 'ogg' },
  mp4: { type: 'video', contentType: 'video/mp4', extension: 'mp4' },
  mov: { type: 'video', contentType: 'video/quicktime', extension: 'mov' },
  webm: { type: 'video', contentType: 'video/webm', extension: 'webm' },
} as const;
export type MediaFormat = keyof typeof MEDIA_FORMATS;
export type ImageFormat = 'png' | 'jpeg' | 'webp';
export type VideoFormat = 'mp4' | 'mov' | 'webm';

/** Enough of the head of a file to find its format and, for images, its declared size. */
export const SNIFF_BYTES = 1024 * 1024;
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 50_000_000;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;

export function isImageFormat(format: MediaFormat): format is ImageFormat {
  return MEDIA_FORMATS[format].type === 'image';
}

export function isVideoFormat(format: MediaFormat): format is VideoFormat {
  return MEDIA_FORMATS[format].type === 'video';
}

/** ISO base media brands that only audio files carry; any other `ftyp` may hold video. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);
/** The EBML magic that opens every Matroska file; WebM is Matroska with the doctype `webm`. */
const EBML_MAGIC = 0x1a45dfa3;

/** The supported format the bytes start like, or undefined for anything else. */
export function sniffMedia(head: Buffer): MediaFormat | undefined {
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a) {
    return 'png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 4, 'ftyp')) {
    // An MP4 that turns out to hold audio only is taken as M4A after probing (AssetIntake).
    const brand = head.toString('latin1', 8, 12);
    if (AUDIO_BRANDS.has(brand)) return 'm4a';
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === EBML_MAGIC) {
    // The doctype element (0x4282) sits in the EBML header, within its first few dozen bytes.
    const header = head.subarray(0, 64);
    const at = header.indexOf(Buffer.from([0x42, 0x82]));
    return at > 0 && header.indexOf('webm', at, 'latin1') > at ? 'webm' : undefined;
  }
  let offset = 0;
  if (ascii(head, 0, 'ID3') && head.length >= 10) {
    // An ID3v2 tag (size in syncsafe bytes, +10 for a footer) comes before the first frame.
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | head[9]!;
    offset = 10 + size + (head[5]! & 0x10 ? 10 : 0);
    // A tag longer than the head (cover art) hides the frame; the decoder still has the last word.
    if (offset + 4 > head.length) return 'mp3';
  }
  return audioFrameAt(head, offset);
}

function audioFrameAt(head: Buffer, i: number): MediaFormat | undefined {
  if (head.length < i + 4 || head[i] !== 0xff) return undefined;
  const b1 = head[i + 1]!;
  const b2 = head[i + 2]!;
  // ADTS (raw AAC): 12 sync bits, then the layer bits are 00.
  if ((b1 & 0xf6) === 0xf0) return 'aac';
  // MPEG audio: 11 sync bits, a known version, layer III, a real bitrate and sample rate.
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 0x03;
  if (
    (b1 & 0xe0) === 0xe0 &&
    version !== 1 &&
    layer === 1 &&
    bitrate !== 0x0f &&
    bitrate !== 0 &&
    rate !== 3
  ) {
    return 'mp3';
  }
  return undefined;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The width and height an image's header declares, or undefined when the header is malformed. */
export function readImageSize(head: Buffer, format: ImageFormat): ImageSize | undefined {
  const size = format === 'png' ? pngSize(head) : format === 'jpeg' ? jpegSize(head) : webpSize(head);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** Why an image of this declared size is refused, or undefined when it is within the limits. */
export function imageSizeProblem(size: ImageSize): string | undefined {
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    return `image declares ${size.width}x${size.height} pixels; at most ${MAX_IMAGE_SIDE} per side`;
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    return `image declares ${size.width}x${size.height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels`;
  }
  return undefined;
}

function pngSize(head: Buffer): ImageSize | undefined {
  // The IHDR chunk must come first: length, "IHDR", width, height (big-endian).
  if (head.length < 24 || !ascii(head, 12, 'IHDR')) return undefined;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

function jpegSize(head: Buffer): ImageSize | undefined {
  let i = 2;
  while (i + 4 <= head.length) {
    if (head[i] !== 0xff) return undefined;
    const marker = head[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: SOI, TEM, RST0-7.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // End of image or start of scan before any frame header: no size declared.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = head.readUInt16BE(i + 2);
    if (length < 2) return undefined;
    // SOF0-15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > head.length) return undefined;
      return { height: head.readUInt16BE(i + 5), width: head.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

function webpSize(head: Buffer): ImageSize | undefined {
  if (head.length < 30) return undefined;
  if (ascii(head, 12, 'VP8 ')) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return undefined;
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (ascii(head, 12, 'VP8L')) {
    // Lossless: signature 0x2f, then width-1 and height-1 in 14 bits each.
    if (head[20] !== 0x2f) return undefined;
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (ascii(head, 12, 'VP8X')) {
    // Extended: canvas width-1 and height-1 in 24 bits each.
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}
