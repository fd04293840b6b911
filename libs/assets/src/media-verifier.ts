import { AssetRejectedError } from './asset-intake.errors';
import { DecodeTurns } from './decode-turns';
import { decodedSeconds, describe, firstError, runFfmpeg, seconds } from './ffmpeg-run';
import {
  type ClipProbe,
  FRAME_SIZE_GRAPH,
  FrameSizes,
  NO_STREAMS,
  StreamFacts,
  sizeProblem,
} from './framecrc';
import { inputArgs, VIDEO_CODECS, VIDEO_NAMES } from './media-decoders';
import { MAX_IMAGE_PIXELS, type MediaFormat, type VideoFormat } from './media-sniff';

export { type ClipProbe, type FrameLine, parseFrameLine } from './framecrc';

export interface VideoLimits {
  maxSeconds: number;
  maxSide: number;
}

/** A clip's decode may take this long plus DECODE_MS_PER_SECOND for each second it declares, up to videoTimeoutMs. */
const DECODE_BASE_MS = 10_000;
const DECODE_MS_PER_SECOND = 3_000;
const MAX_PIXELS_LINE = /Picture size (\d+)x(\d+) exceeds specified max pixel count/;

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
  private readonly turns: DecodeTurns;

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
  ) {
    this.turns = new DecodeTurns(options.concurrency);
  }

  decode(file: string, format: MediaFormat, signal?: AbortSignal): Promise<DecodedMedia> {
    return this.turns.run(() => {
      if (format === 'mp4' || format === 'mov' || format === 'webm')
        return this.decodeClip(file, format, signal);
      return this.decodeWhole(file, format, signal);
    }, signal);
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
    const sizes = new FrameSizes(limits.maxSide);
    const run = await runFfmpeg(
      this.ffmpegPath,
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-xerror', '-progress', 'pipe:3'],
        ...['-filter_complex_threads', '1', '-err_detect', 'explode'],
        ...inputArgs(format, file, limits.maxSide ** 2),
        ...['-filter_complex', FRAME_SIZE_GRAPH, '-map', '[row]', '-map', '[col]'],
        ...['-noautoscale', '-fps_mode', 'passthrough', '-c:v', 'rawvideo', '-f', 'framecrc', 'pipe:1'],
      ],
      { timeoutMs, signal, onLine: (line) => sizes.read(line) },
    );
    if (run.timedOut) throw new AssetRejectedError(`${name} did not decode within ${seconds(timeoutMs)} s`);
    const problem = firstError(run.stderr);
    if (run.code !== 0 || problem) {
      const over = MAX_PIXELS_LINE.exec(run.stderr);
      if (over) throw new AssetRejectedError(sizeProblem(Number(over[1]), Number(over[2]), limits.maxSide)!);
      throw new AssetRejectedError(`not a valid ${name} file: ${describe(problem)}`);
    }
    const decoded = decodedSeconds(run.progress);
    const { first } = sizes;
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
