import { spawn } from 'node:child_process';
import { AssetRejectedError } from './asset-intake.errors';
import type { MediaFormat } from './media-sniff';

/**
 * How each format is decoded: its demuxer is forced (ffmpeg never probes its way to another
 * one) and only the decoders the format may hold are allowed, so an MP4 with a video track
 * or an Ogg with Theora is refused rather than taken for audio.
 */
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
};

/** Stderr kept for the reason of a refusal; ffmpeg's first lines say what was wrong. */
const MAX_STDERR = 4096;

export interface DecodedMedia {
  /** Seconds of audio actually decoded; null for images. */
  durationSeconds: number | null;
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
    private readonly options: { timeoutMs: number; concurrency: number } = {
      timeoutMs: 60_000,
      concurrency: 2,
    },
  ) {}

  async decode(file: string, format: MediaFormat): Promise<DecodedMedia> {
    if (this.running >= this.options.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.running += 1;
    try {
      return await this.run(file, format);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private run(file: string, format: MediaFormat): Promise<DecodedMedia> {
    const { demuxer, decoders } = DECODE[format];
    const args = [
      ...['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-xerror', '-threads', '1'],
      ...['-protocol_whitelist', 'file', '-err_detect', 'explode', '-f', demuxer],
      ...['-codec_whitelist', decoders.join(','), '-i', `file:${file}`],
      ...['-map', '0', '-f', 'null', '-progress', 'pipe:1', '-'],
    ];
    return new Promise<DecodedMedia>((resolve, reject) => {
      const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      let progress = '';
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, this.options.timeoutMs);
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
        const kind = `${format === 'jpeg' ? 'JPEG' : format.toUpperCase()}`;
        if (timedOut) {
          return reject(
            new AssetRejectedError(`${kind} did not decode within ${this.options.timeoutMs / 1000} s`),
          );
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
          return reject(new AssetRejectedError(`not a valid ${kind} file: no audio decoded`));
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
