import { spawn } from 'node:child_process';
import { AssetRejectedError } from './asset-intake.errors';
import type { MediaFormat, VideoFormat } from './media-sniff';

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

/** What the container says of a clip before anything decodes it. */
export interface ClipProbe {
  videoCodecs: string[];
  width: number;
  height: number;
  declaredSeconds: number | null;
  hasAudio: boolean;
}

/** Stderr kept for the reason of a refusal; ffmpeg's first lines say what was wrong. */
const MAX_STDERR = 4096;

export interface DecodedMedia {
  /** Seconds of audio or video actually decoded; null for images. */
  durationSeconds: number | null;
  /** A clip's frame size, from its container; absent for other formats. */
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
 * `concurrency` run at once per process, so uploads cannot take every core of the api.
 */
export class MediaVerifier {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly ffmpegPath: string,
    private readonly options: {
      timeoutMs: number;
      concurrency: number;
      /** A clip decodes longer than a picture or a song: its own bound. */
      videoTimeoutMs?: number;
      video?: VideoLimits;
    } = {
      timeoutMs: 60_000,
      concurrency: 2,
    },
  ) {}

  async decode(file: string, format: MediaFormat): Promise<DecodedMedia> {
    if (this.running >= this.options.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.running += 1;
    try {
      if (format === 'mp4' || format === 'mov' || format === 'webm')
        return await this.decodeClip(file, format);
      return await this.run(file, format);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /**
   * A clip is probed first (the same forced demuxer, file protocol only, external references
   * off), so its codecs, frame size and declared length are checked before anything decodes a
   * frame; then its first video stream decodes whole. An MP4 with no video but sound is an M4A.
   */
  private async decodeClip(file: string, format: VideoFormat): Promise<DecodedMedia> {
    const limits = this.options.video ?? { maxSeconds: 120, maxSide: 4096 };
    const name = VIDEO_NAMES[format];
    const probe = await this.probe(file, format);
    if (probe.videoCodecs.length === 0) {
      if (format === 'mp4' && probe.hasAudio) return { ...(await this.run(file, 'm4a')), format: 'm4a' };
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
    if (probe.width > limits.maxSide || probe.height > limits.maxSide) {
      throw new AssetRejectedError(
        `the clip is ${probe.width}x${probe.height} pixels; at most ${limits.maxSide} per side`,
      );
    }
    const tooLong = (s: number) =>
      new AssetRejectedError(`the clip lasts ${s.toFixed(1)} s; at most ${limits.maxSeconds} s`);
    if (probe.declaredSeconds !== null && probe.declaredSeconds > limits.maxSeconds + 0.5)
      throw tooLong(probe.declaredSeconds);
    const decoded = await this.run(file, format);
    if (decoded.durationSeconds! > limits.maxSeconds + 0.5) throw tooLong(decoded.durationSeconds!);
    return { ...decoded, width: probe.width, height: probe.height };
  }

  /** ffmpeg's description of the input's streams (it prints them, then stops: no output given). */
  private probe(file: string, format: VideoFormat): Promise<ClipProbe> {
    const { demuxer, decoders } = DECODE[format];
    const args = [
      ...['-hide_banner', '-nostdin', '-v', 'info', '-threads', '1', '-protocol_whitelist', 'file'],
      ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
      ...['-f', demuxer, '-codec_whitelist', decoders.join(','), '-i', `file:${file}`],
    ];
    return new Promise<ClipProbe>((resolve, reject) => {
      const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), this.options.timeoutMs);
      child.stderr.on('data', (b: Buffer) => {
        if (stderr.length < 64 * 1024) stderr += b.toString();
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', () => {
        clearTimeout(timer);
        const probe = parseProbe(stderr);
        if (!probe) {
          const problem = stderr.split('\n').find((l) => /error|invalid/i.test(l) && !/output file/i.test(l));
          return reject(
            new AssetRejectedError(`not a valid ${VIDEO_NAMES[format]} file: ${describe(problem)}`),
          );
        }
        resolve(probe);
      });
    });
  }

  private run(file: string, format: MediaFormat): Promise<DecodedMedia> {
    const { demuxer, decoders } = DECODE[format];
    const video = format === 'mp4' || format === 'mov' || format === 'webm';
    const timeoutMs = video
      ? (this.options.videoTimeoutMs ?? this.options.timeoutMs)
      : this.options.timeoutMs;
    const args = [
      ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-xerror', '-threads', '1'],
      ...['-protocol_whitelist', 'file', '-err_detect', 'explode'],
      ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
      ...['-f', demuxer, '-codec_whitelist', decoders.join(','), '-i', `file:${file}`],
      ...(video ? ['-map', '0:v:0'] : ['-map', '0']),
      ...['-f', 'null', '-progress', 'pipe:1', '-'],
    ];
    return new Promise<DecodedMedia>((resolve, reject) => {
      const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      let progress = '';
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.stdout.on('data', (b: Buffer) => {
        // Only the latest progress block matters; keep the tail.
        progress = (progress + b.toString()).slice(-2048);
      });
      child.stderr.on('data', (b: Buffer) => {
        if (stderr.length < MAX_STDERR) stderr += b.toString();
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        const kind = video ? VIDEO_NAMES[format as VideoFormat] : format.toUpperCase();
        if (timedOut) {
          return reject(new AssetRejectedError(`${kind} did not decode within ${timeoutMs / 1000} s`));
        }
        const problem = stderr.trim().split('\n')[0];
        if (code !== 0 || problem) {
          return reject(new AssetRejectedError(`not a valid ${kind} file: ${describe(problem)}`));
        }
        if (format === 'png' || format === 'jpeg' || format === 'webp')
          return resolve({ durationSeconds: null });
        const micros = [...progress.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
        const seconds = micros ? Number(micros) / 1e6 : 0;
        if (!(seconds > 0))
          return reject(
            new AssetRejectedError(`not a valid ${kind} file: no ${video ? 'video' : 'audio'} decoded`),
          );
        resolve({ durationSeconds: Math.round(seconds * 1000) / 1000 });
      });
    });
  }
}

/** ffmpeg's first error line without its `[component @ 0x…]` prefix. */
function describe(line: string | undefined): string {
  if (!line) return 'it does not decode';
  return line.replace(/^(\[[^\]]*\]\s*)+/, '').slice(0, 200);
}

/**
 * The streams and length ffmpeg prints for an input ("Duration: 00:00:03.00, …" and
 * "Stream #0:0…: Video: h264 (High) …, 320x240 [SAR 1:1 …]"); undefined when it printed no
 * input at all (the demuxer refused the file).
 */
export function parseProbe(stderr: string): ClipProbe | undefined {
  if (!/^Input #0,/m.test(stderr)) return undefined;
  const duration = /^\s*Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/m.exec(stderr);
  const declaredSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : null;
  const videoCodecs: string[] = [];
  let width = 0;
  let height = 0;
  for (const m of stderr.matchAll(/^\s*Stream #0:\d+.*?: Video: (\w+)(.*)$/gm)) {
    videoCodecs.push(m[1]!);
    const size = /[ ,](\d{1,6})x(\d{1,6})[ ,\]]/.exec(`${m[2]} `);
    if (videoCodecs.length === 1 && size) {
      width = Number(size[1]);
      height = Number(size[2]);
    }
  }
  return {
    videoCodecs,
    width,
    height,
    declaredSeconds,
    hasAudio: /^\s*Stream #0:\d+.*?: Audio: /m.test(stderr),
  };
}
