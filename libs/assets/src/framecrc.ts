import { AssetRejectedError } from './asset-intake.errors';

/**
 * What a clip's container says before anything decodes it, read from ffmpeg's framecrc output
 * (codec parameters and packet times), which no metadata string reaches
 * (docs/decisions/0050-media-facts-from-framecrc.md).
 */
export interface ClipProbe {
  videoCodecs: string[];
  /** The first video stream's frame size; 0 when neither its container nor its first frames tell it. */
  width: number;
  height: number;
  /** The first video stream's length by its packets' times; null when they carry none. */
  declaredSeconds: number | null;
  hasAudio: boolean;
}

export const NO_STREAMS: ClipProbe = {
  videoCodecs: [],
  width: 0,
  height: 0,
  declaredSeconds: null,
  hasAudio: false,
};

/**
 * The decode's filter graph keeps each frame's top row and left column, one byte a pixel, so
 * the framecrc muxer's packet sizes of its outputs 0 and 1 are the frame's width and height.
 */
export const FRAME_SIZE_GRAPH = [
  '[0:v:0]split[r][c]',
  '[r]crop=w=iw:h=1:x=0:y=0:exact=1,format=gray[row]',
  '[c]crop=w=1:h=ih:x=0:y=0:exact=1,format=gray[col]',
].join(';');

/** One line of ffmpeg's framecrc output: a stream's parameter (`#codec_id 0: h264`) or a packet. */
export type FrameLine =
  | { kind: 'param'; stream: number; key: string; value: string }
  | { kind: 'packet'; stream: number; pts: number; duration: number; size: number };

export function parseFrameLine(line: string): FrameLine | undefined {
  const param = /^#(\w+) (\d+): (.*)$/.exec(line);
  if (param) return { kind: 'param', stream: Number(param[2]), key: param[1]!, value: param[3]! };
  // stream, dts, pts, duration, size, checksum[, flags and side data]
  const packet = /^(\d+), *(-?\d+), *(-?\d+), *(-?\d+), *(\d+),/.exec(line);
  if (!packet) return undefined;
  return {
    kind: 'packet',
    stream: Number(packet[1]),
    pts: Number(packet[3]),
    duration: Number(packet[4]),
    size: Number(packet[5]),
  };
}

/**
 * The probe's facts, gathered line by line: each stream's parameters (the first of each key
 * counts; the muxer writes each once, before any packet) and the span of its packets' times.
 */
export class StreamFacts {
  private readonly params = new Map<string, string>();
  private readonly spans = new Map<number, { start: number; end: number }>();

  read(line: string): undefined {
    const parsed = parseFrameLine(line);
    if (parsed?.kind === 'param') {
      const key = `${parsed.stream}:${parsed.key}`;
      if (!this.params.has(key)) this.params.set(key, parsed.value);
    } else if (parsed?.kind === 'packet' && Number.isSafeInteger(parsed.pts)) {
      const end = parsed.pts + Math.max(0, parsed.duration);
      const span = this.spans.get(parsed.stream);
      if (!span) this.spans.set(parsed.stream, { start: parsed.pts, end });
      else {
        span.start = Math.min(span.start, parsed.pts);
        span.end = Math.max(span.end, end);
      }
    }
    return undefined;
  }

  /** Undefined when ffmpeg described no stream (the demuxer refused the file). */
  probe(): ClipProbe | undefined {
    const types: string[] = [];
    while (this.params.has(`${types.length}:media_type`))
      types.push(this.params.get(`${types.length}:media_type`)!);
    if (types.length === 0) return undefined;
    const video = types.flatMap((t, i) => (t === 'video' ? [i] : []));
    const size = /^(\d+)x(\d+)$/.exec(this.params.get(`${video[0]}:dimensions`) ?? '');
    return {
      videoCodecs: video.map((i) => this.params.get(`${i}:codec_id`) ?? 'unknown'),
      width: size ? Number(size[1]) : 0,
      height: size ? Number(size[2]) : 0,
      declaredSeconds: video.length > 0 ? this.seconds(video[0]!) : null,
      hasAudio: types.includes('audio'),
    };
  }

  private seconds(stream: number): number | null {
    const span = this.spans.get(stream);
    const tb = /^(\d+)\/(\d+)$/.exec(this.params.get(`${stream}:tb`) ?? '');
    if (!span || !tb || Number(tb[2]) === 0) return null;
    return ((span.end - span.start) * Number(tb[1])) / Number(tb[2]);
  }
}

/**
 * Every decoded frame's size, read from the packets of FRAME_SIZE_GRAPH's two outputs as they
 * come. `read` returns the refusal that stops the decode: a first frame larger than `maxSide`
 * on a side, or a later frame of another size than the first.
 */
export class FrameSizes {
  private readonly widths: number[] = [];
  private readonly heights: number[] = [];
  /** The first frame's size, once both of its packets have been read. */
  first: { width: number; height: number } | undefined;

  constructor(private readonly maxSide: number) {}

  read(line: string): Error | undefined {
    const packet = parseFrameLine(line);
    if (packet?.kind !== 'packet') return undefined;
    (packet.stream === 0 ? this.widths : this.heights).push(packet.size);
    while (this.widths.length > 0 && this.heights.length > 0) {
      const width = this.widths.shift()!;
      const height = this.heights.shift()!;
      if (!this.first) {
        this.first = { width, height };
        const tooBig = sizeProblem(width, height, this.maxSide);
        if (tooBig) return new AssetRejectedError(tooBig);
      } else if (width !== this.first.width || height !== this.first.height) {
        return new AssetRejectedError(
          `the clip changes its frame size from ${this.first.width}x${this.first.height} to ${width}x${height}; every frame must be the same size`,
        );
      }
    }
    return undefined;
  }
}

/** The refusal of a frame larger than `maxSide` on a side; undefined when it fits. */
export function sizeProblem(width: number, height: number, maxSide: number): string | undefined {
  return width > maxSide || height > maxSide
    ? `the clip is ${width}x${height} pixels; at most ${maxSide} per side`
    : undefined;
}
