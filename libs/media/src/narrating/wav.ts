import { open } from 'node:fs/promises';

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  byteRate: number;
  /** Offset of the first sample byte. */
  dataOffset: number;
  /** Sample bytes actually present, whatever the header claims. */
  dataBytes: number;
  durationSeconds: number;
}

export class InvalidWavError extends Error {
  override get name(): string {
    return 'InvalidWavError';
  }
}

// Streaming encoders (OpenAI's speech endpoint among them) write the header before they know
// the length and put 0 or 0xFFFFFFFF in the size fields; the real length is what the file holds.
const UNKNOWN_SIZES = new Set([0, 0xffffffff, 0x7fffffff]);

/**
 * Reads a RIFF/WAVE header. `fileSize` is the total size of the file `head` was read from, so
 * a header that over- or under-states the data is corrected by the bytes actually present.
 */
export function parseWavHeader(head: Buffer, fileSize: number): WavInfo {
  if (
    head.length < 12 ||
    head.toString('ascii', 0, 4) !== 'RIFF' ||
    head.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new InvalidWavError('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'durationSeconds'> | undefined;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (body + 16 > head.length) break;
      const channels = head.readUInt16LE(body + 2);
      const sampleRate = head.readUInt32LE(body + 4);
      const bitsPerSample = head.readUInt16LE(body + 14);
      const byteRate = head.readUInt32LE(body + 8) || (sampleRate * channels * bitsPerSample) / 8;
      fmt = { channels, sampleRate, bitsPerSample, byteRate };
    } else if (id === 'data') {
      if (!fmt) throw new InvalidWavError('WAVE data chunk before its fmt chunk');
      if (fmt.byteRate <= 0) throw new InvalidWavError('WAVE header has no byte rate');
      const present = Math.max(0, fileSize - body);
      const dataBytes = UNKNOWN_SIZES.has(size) ? present : Math.min(size, present);
      return { ...fmt, dataOffset: body, dataBytes, durationSeconds: dataBytes / fmt.byteRate };
    }
    offset = body + size + (size % 2);
  }
  throw new InvalidWavError('WAVE file has no fmt or data chunk in its first bytes');
}

const HEADER_PROBE_BYTES = 64 * 1024;

/** The playing time of a WAV file, from its format and the sample bytes it really contains. */
export async function wavDurationSeconds(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, HEADER_PROBE_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return parseWavHeader(head.subarray(0, bytesRead), size).durationSeconds;
  } finally {
    await handle.close();
  }
}

/**
 * Rewrites the RIFF and data sizes of an in-memory WAV to match its length, so tools that
 * trust the header (players, ffmpeg's duration guess) agree with the audio.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  const info = parseWavHeader(wav, wav.length);
  const fixed = Buffer.from(wav);
  fixed.writeUInt32LE(info.dataOffset + info.dataBytes - 8, 4);
  fixed.writeUInt32LE(info.dataBytes, info.dataOffset - 4);
  return fixed.subarray(0, info.dataOffset + info.dataBytes);
}

/** 16-bit mono PCM WAV of the chunks. */
export function pcm16Wav(chunks: readonly Int16Array[], rate: number): Buffer {
  const data = chunks.reduce((n, c) => n + c.byteLength, 0);
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  let at = 44;
  for (const c of chunks) {
    Buffer.from(c.buffer, c.byteOffset, c.byteLength).copy(buf, at);
    at += c.byteLength;
  }
  return buf;
}
