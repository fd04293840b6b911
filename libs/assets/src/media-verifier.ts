import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { AssetRejectedError } from './asset-intake.errors';
import { MAX_IMAGE_PIXELS, type MediaFormat, type VideoFormat } from './media-sniff';

/**
 * How each format is decoded: its demuxer is forced (ffmpeg never probes its way to another
 * one) and only the decoders the format may hold are allowed, so an MP4 with a video track
 * or an Ogg with Theora is refused rather than taken for audio.
 */
const MP4_SOUND = ['aac', 'mp3float', 'mp3', 'alac', 'opus', 'pcm_s16le', 'pcm_s16be', 'pcm_s24le'];
const DECODE: Record<MediaFormat, { demuxer: string; decoders: string[] }> = {
  png: { demuxer: 'png_pipe', decoders: ['png'] },
  jpeg: { demuxer: 'jpeg_pipe', decoders: ['mjpeg'] },
  webp: { demuxer: 'webp_pipe', decoders: ['webp'] },
  mp3: { demuxer: 'mp3', decoders: ['mp3float', 'mp3'] },
  wav: {
    demuxer: 'wav',
    decoders: [
      'pcm_u8',
      'pcm_s16le',
      'pcm_s24le',
      'pcm_s32le',
      'pcm_f32le',
      'pcm_f64le',
      'pcm_alaw',
      'pcm_mulaw',
    ],
  },
  m4a: { demuxer: 'mov', decoders: ['aac'] },
  aac: { demuxer: 'aac', decoders: ['aac'] },
  ogg: { demuxer: 'ogg', decoders: ['vorbis', 'opus'] },
  // Clips: only their first video stream is decoded (their sound is never used), but probing
  // opens a decoder for every stream, so the usual sound codecs of each container are allowed.
  mp4: { demuxer: 'mov', decoders: ['h264', 'hevc', 'libdav1d', 'av1', ...MP4_SOUND] },
  mov: { demuxer: 'mov', decoders: ['h264', ...MP4_SOUND] },
  webm: { demuxer: 'webm', decoders: ['vp8', 'vp9', 'libdav1d', 'av1', 'opus', 'vorbis'] },
};

/** The codecs each clip container may carry in its video streams (docs/api.md, "Assets"). */
const VIDEO_CODECS: Record<VideoFormat, string[]> = {
  mp4: ['h264', 'hevc', 'av1'],
  mov: ['h264'],
  webm: ['vp8', 'vp9', 'av1'],
};
const VIDEO_NAMES: Record<VideoFormat, string> = { mp4: 'MP4', mov: 'MOV', webm: 'WebM' };

export interface VideoLimits {
  maxSeconds: number;
  maxSide: number;
}

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

/** Stderr kept for the reason of a refusal; ffmpeg's first lines say what was wrong. */
const MAX_STDERR = 4096;
/** A clip's decode may take this long plus DECODE_MS_PER_SECOND for each second it declares, up to videoTimeoutMs. */
const DECODE_BASE_MS = 10_000;
const DECODE_MS_PER_SECOND = 3_000;
/**
 * The decode's filter graph keeps each frame's top row and left column, one byte a pixel, so
 * the framecrc muxer's packet sizes of its outputs 0 and 1 are the frame's width and height.
 */
const FRAME_SIZE_GRAPH = [
  '[0:v:0]split[r][c]',
  '[r]crop=w=iw:h=1:x=0:y=0:exact=1,format=gray[row]',
  '[c]crop=w=1:h=ih:x=0:y=0:exact=1,format=gray[col]',
].join(';');
const MAX_PIXELS_LINE = /Picture size (\d+)x(\d+) exceeds specified max pixel count/;
const NO_STREAMS: ClipProbe = {
  videoCodecs: [],
  width: 0,
  height: 0,
  declaredSeconds: null,
  hasAudio: false,
};

export interface DecodedMedia {
  /** Seconds of audio or video actually decoded; null for images. */
  durationSeconds: number | null;
  /** A clip's frame size, as its frames decode; absent for other formats. */
  width?: number;
  height?: number;
  /** Set when the file is another format than sniffed: an MP4 that holds only audio is an M4A. */
  format?: MediaFormat;
}

/**
 * Proves a file is what its magic bytes claim by decoding all of it with ffmpeg. A file is
 * accepted only when ffmpeg exits 0 and reports no error at all: `-xerror` and
 * `-err_detect explode` turn a damaged packet (a truncated JPEG decodes with only a warning
 * otherwise) into a failure. Each run is bounded by a timeout and runs one thread, and at most
 * `concurrency` run at once per process, so uploads cannot take every core of the api. A
 * caller's signal stops its run, or its wait for one, and the run settles only once ffmpeg
 * has exited.
 */
export class MediaVerifier {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly ffmpegPath: string,
    private readonly options: {
      timeoutMs: number;
      concurrency: number;
      /** The most a clip's decode may take; a shorter clip gets less (clipDecodeBudgetMs). */
      videoTimeoutMs?: number;
      video?: VideoLimits;
    } = {
      timeoutMs: 60_000,
      concurrency: 2,
    },
  ) {}

  async decode(file: string, format: MediaFormat, signal?: AbortSignal): Promise<DecodedMedia> {
    signal?.throwIfAborted();
    if (this.running >= this.options.concurrency) await this.turn(signal);
    this.running += 1;
    try {
      if (format === 'mp4' || format === 'mov' || format === 'webm')
        return await this.decodeClip(file, format, signal);
      return await this.decodeWhole(file, format, signal);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Waits for a free run; a caller whose signal aborts leaves the line. */
  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(go);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  /**
   * A clip is probed first (the same forced demuxer, file protocol only, external references
   * off), so its codecs, frame size and declared length are checked before anything decodes a
   * frame; then its first video stream decodes whole, every frame measured, within a time
   * sized by the declared length. An MP4 with no video but sound is an M4A.
   */
  private async decodeClip(file: string, format: VideoFormat, signal?: AbortSignal): Promise<DecodedMedia> {
    const limits = this.options.video ?? { maxSeconds: 120, maxSide: 4096 };
    const name = VIDEO_NAMES[format];
    const probe = await this.probe(file, format, limits, signal);
    if (probe.videoCodecs.length === 0) {
      if (format === 'mp4' && probe.hasAudio)
        return { ...(await this.decodeWhole(file, 'm4a', signal)), format: 'm4a' };
      throw new AssetRejectedError(`not a valid ${name} file: it holds no video`);
    }
    const refused = probe.videoCodecs.filter((c) => !VIDEO_CODECS[format].includes(c));
    if (refused.length > 0) {
      throw new AssetRejectedError(
        `${name} video in ${refused.join(', ')} is not supported; ${name} clips must be ${VIDEO_CODECS[format].join(', ').toUpperCase()}`,
      );
    }
    if (!(probe.width > 0 && probe.height > 0))
      throw new AssetRejectedError(`not a valid ${name} file: no frame size`);
    const tooBig = sizeProblem(probe.width, probe.height, limits.maxSide);
    if (tooBig) throw new AssetRejectedError(tooBig);
    const tooLong = (s: number) =>
      new AssetRejectedError(`the clip lasts ${s.toFixed(1)} s; at most ${limits.maxSeconds} s`);
    if (probe.declaredSeconds !== null && probe.declaredSeconds > limits.maxSeconds + 0.5)
      throw tooLong(probe.declaredSeconds);
    const decoded = await this.decodeVideo(
      file,
      format,
      limits,
      clipDecodeBudgetMs(probe.declaredSeconds, this.options.videoTimeoutMs ?? this.options.timeoutMs),
      signal,
    );
    if (decoded.durationSeconds! > limits.maxSeconds + 0.5) throw tooLong(decoded.durationSeconds!);
    return decoded;
  }

  /**
   * The clip's streams as ffmpeg's framecrc muxer describes them while their packets are
   * copied: a `#key stream: value` line per codec parameter, then a line per packet. Unlike the
   * stream lines ffmpeg prints on stderr, which a stream's language can forge, nothing of the
   * file's metadata reaches them. Probing decodes a few frames, bounded by `-max_pixels`; a
   * frame over it leaves the size unknown, and only then does stderr's account of it explain
   * the refusal.
   */
  private async probe(
    file: string,
    format: VideoFormat,
    limits: VideoLimits,
    signal?: AbortSignal,
  ): Promise<ClipProbe> {
    const facts = new StreamFacts();
    const run = await runFfmpeg(
      this.ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error'],
        ...inputArgs(format, file, limits.maxSide ** 2),
        ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'framecrc', 'pipe:1'],
      ],
      { timeoutMs: this.options.timeoutMs, signal, onLine: (line) => facts.read(line) },
    );
    const name = VIDEO_NAMES[format];
    if (run.timedOut)
      throw new AssetRejectedError(`${name} did not open within ${seconds(this.options.timeoutMs)} s`);
    const probe = facts.probe();
    // A frame over the pixel bound leaves the size unknown (ffmpeg 7 then writes no header at
    // all): such a frame has a side over the limit.
    const over = probe?.width ? null : MAX_PIXELS_LINE.exec(run.stderr);
    if (over) {
      const tooBig = sizeProblem(Number(over[1]), Number(over[2]), limits.maxSide);
      throw new AssetRejectedError(tooBig ?? `not a valid ${name} file: no frame size`);
    }
    if (!probe) {
      if (/does not contain any stream/.test(run.stderr)) return NO_STREAMS;
      throw new AssetRejectedError(`not a valid ${name} file: ${describe(firstError(run.stderr))}`);
    }
    return probe;
  }

  /**
   * Decodes the first video stream whole and measures every frame (FRAME_SIZE_GRAPH; frames
   * go to the muxer as decoded, neither scaled to the first one's size nor dropped). A frame
   * of another size than the first, such as a resolution change the probe never sees, or
   * larger than the limit, stops the decode and refuses the clip.
   */
  private async decodeVideo(
    file: string,
    format: VideoFormat,
    limits: VideoLimits,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<DecodedMedia & { width: number; height: number }> {
    const name = VIDEO_NAMES[format];
    const widths: number[] = [];
    const heights: number[] = [];
    let first: { width: number; height: number } | undefined;
    const measure = (line: string): Error | undefined => {
      const packet = parseFrameLine(line);
      if (packet?.kind !== 'packet') return undefined;
      (packet.stream === 0 ? widths : heights).push(packet.size);
      while (widths.length > 0 && heights.length > 0) {
        const width = widths.shift()!;
        const height = heights.shift()!;
        if (!first) {
          first = { width, height };
          const tooBig = sizeProblem(width, height, limits.maxSide);
          if (tooBig) return new AssetRejectedError(tooBig);
        } else if (width !== first.width || height !== first.height) {
          return new AssetRejectedError(
            `the clip changes its frame size from ${first.width}x${first.height} to ${width}x${height}; every frame must be the same size`,
          );
        }
      }
      return undefined;
    };
    const run = await runFfmpeg(
      this.ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-xerror', '-progress', 'pipe:3'],
        ...['-filter_complex_threads', '1', '-err_detect', 'explode'],
        ...inputArgs(format, file, limits.maxSide ** 2),
        ...['-filter_complex', FRAME_SIZE_GRAPH, '-map', '[row]', '-map', '[col]'],
        ...['-noautoscale', '-fps_mode', 'passthrough', '-c:v', 'rawvideo', '-f', 'framecrc', 'pipe:1'],
      ],
      { timeoutMs, signal, onLine: measure },
    );
    if (run.timedOut) throw new AssetRejectedError(`${name} did not decode within ${seconds(timeoutMs)} s`);
    const problem = firstError(run.stderr);
    if (run.code !== 0 || problem) {
      const over = MAX_PIXELS_LINE.exec(run.stderr);
      if (over) throw new AssetRejectedError(sizeProblem(Number(over[1]), Number(over[2]), limits.maxSide)!);
      throw new AssetRejectedError(`not a valid ${name} file: ${describe(problem)}`);
    }
    const decoded = decodedSeconds(run.progress);
    if (!first || !(decoded > 0)) throw new AssetRejectedError(`not a valid ${name} file: no video decoded`);
    return { durationSeconds: decoded, ...first };
  }

  /** A picture or a sound decoded whole; for a sound, the seconds decoded. */
  private async decodeWhole(file: string, format: MediaFormat, signal?: AbortSignal): Promise<DecodedMedia> {
    const image = format === 'png' || format === 'jpeg' || format === 'webp';
    const { timeoutMs } = this.options;
    const run = await runFfmpeg(
      this.ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-xerror', '-progress', 'pipe:3'],
        '-err_detect',
        'explode',
        ...inputArgs(format, file, image ? MAX_IMAGE_PIXELS : undefined),
        ...['-map', '0', '-f', 'null', '-'],
      ],
      { timeoutMs, signal },
    );
    const kind = format.toUpperCase();
    if (run.timedOut) throw new AssetRejectedError(`${kind} did not decode within ${seconds(timeoutMs)} s`);
    const problem = firstError(run.stderr);
    if (run.code !== 0 || problem)
      throw new AssetRejectedError(`not a valid ${kind} file: ${describe(problem)}`);
    if (image) return { durationSeconds: null };
    const decoded = decodedSeconds(run.progress);
    if (!(decoded > 0)) throw new AssetRejectedError(`not a valid ${kind} file: no audio decoded`);
    return { durationSeconds: decoded };
  }
}

/**
 * The time a clip's decode may take: a base plus a share for each second it declares, so a
 * short clip that decodes slowly is given up on early, at most `capMs`.
 */
export function clipDecodeBudgetMs(declaredSeconds: number | null, capMs: number): number {
  return Math.min(capMs, DECODE_BASE_MS + DECODE_MS_PER_SECOND * (declaredSeconds ?? 0));
}

/**
 * How every run opens its input: one thread, the format's demuxer forced (ffmpeg never probes
 * its way to another one), local files only, no external references, only the format's
 * decoders, and frames no larger than `maxPixels`.
 */
function inputArgs(format: MediaFormat, file: string, maxPixels?: number): string[] {
  const { demuxer, decoders } = DECODE[format];
  return [
    ...['-threads', '1', '-protocol_whitelist', 'file'],
    ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
    ...(maxPixels ? ['-max_pixels', String(maxPixels)] : []),
    ...['-f', demuxer, '-codec_whitelist', decoders.join(','), '-i', `file:${file}`],
  ];
}

function sizeProblem(width: number, height: number, maxSide: number): string | undefined {
  return width > maxSide || height > maxSide
    ? `the clip is ${width}x${height} pixels; at most ${maxSide} per side`
    : undefined;
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

/** The output position of ffmpeg's last progress block, in seconds (0 when there is none). */
function decodedSeconds(progress: string): number {
  const micros = [...progress.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
  return micros ? Math.round(Number(micros) / 1000) / 1000 : 0;
}

function firstError(stderr: string): string | undefined {
  return stderr.trim().split('\n')[0] || undefined;
}

/** ffmpeg's first error line without its `[component @ 0x…]` prefix. */
function describe(line: string | undefined): string {
  if (!line) return 'it does not decode';
  return line.replace(/^(\[[^\]]*\]\s*)+/, '').slice(0, 200);
}

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
class StreamFacts {
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

interface FfmpegRun {
  code: number | null;
  /** The first MAX_STDERR characters: ffmpeg's first lines say what was wrong. */
  stderr: string;
  /** The end of what `-progress pipe:3` wrote: its last block. */
  progress: string;
  timedOut: boolean;
}

/**
 * Runs ffmpeg once. Each line it writes on stdout goes to `onLine`, which stops the run by
 * returning an error (the run then rejects with it); the run is killed at `timeoutMs`
 * (resolving with `timedOut`) or when `signal` aborts (rejecting with its reason). It settles
 * only after ffmpeg has exited, so a stopped run never leaves a process behind.
 */
function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  opts: { timeoutMs: number; signal?: AbortSignal; onLine?: (line: string) => Error | undefined },
): Promise<FfmpegRun> {
  const { signal } = opts;
  return new Promise<FfmpegRun>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    // stdout: the lines `onLine` reads; stderr: what went wrong; fd 3: `-progress pipe:3`.
    const [out, errors, progressPipe] = [child.stdout!, child.stderr!, child.stdio[3] as Readable];
    let stderr = '';
    let progress = '';
    let partial = '';
    let timedOut = false;
    let stopped: unknown;
    let settled = false;
    const stop = (reason: unknown) => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    const onAbort = () => stop(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    out.on('data', (b: Buffer) => {
      if (stopped !== undefined) return;
      const lines = (partial + b.toString()).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > 4096) return stop(new AssetRejectedError('ffmpeg wrote a line too long to read'));
      for (const line of lines) {
        const problem = opts.onLine?.(line);
        if (problem) return stop(problem);
      }
    });
    progressPipe.on('data', (b: Buffer) => {
      // Only the latest progress block matters; keep the tail.
      progress = (progress + b.toString()).slice(-2048);
    });
    errors.on('data', (b: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += b.toString();
    });
    child.on('error', (err) => {
      if (settled) return;
      settle();
      reject(err);
    });
    child.on('close', (code) => {
      if (settled) return;
      settle();
      if (stopped !== undefined) return reject(stopped);
      resolve({ code, stderr, progress, timedOut });
    });
  });
}
