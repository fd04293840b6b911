import { RenderError } from '../common/media.errors';
import { SAMPLE_RATE } from './render-plan';

/** EBU R128 delivery target of the final mix (streaming platforms' common choice). */
export const LOUDNESS = { integrated: -16, truePeak: -1.5, range: 11 } as const;

/**
 * Ducking: the music is compressed with the narration as the key. Past the threshold (about
 * −34 dBFS of narration, below any spoken word) every 10 dB of voice takes 9 dB off the music;
 * it dips within 20 ms of a word and comes back over 400 ms, so it stays down between words
 * and rises in real pauses (docs/decisions/0023-rendering.md, "Music and loudness").
 */
export const DUCKING = { threshold: 0.02, ratio: 10, attackMs: 20, releaseMs: 400 } as const;
/** The music fades out over the video's last seconds rather than stopping dead. */
const MUSIC_FADE_OUT_SECONDS = 2;

export interface MusicInput {
  path: string;
  /** 0–1: the music's gain where nobody speaks. */
  volume: number;
}

/**
 * Filters from the narration inputs (`[<first>:a]`…, one per scene, padded or trimmed to its
 * scene's samples) and an optional music input to `[narr]` (the narration alone, mono) and
 * `[mix]` (narration with the ducked music under it, stereo, before loudness normalisation).
 */
export function mixFilters(opts: {
  narrationInputs: number[];
  samples: number[];
  totalSamples: number;
  musicInput?: number;
  musicVolume?: number;
}): string[] {
  const { narrationInputs, samples } = opts;
  const mono = `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=mono`;
  const stereo = `aformat=sample_fmts=fltp:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo`;
  const filters = narrationInputs.map(
    (input, i) => `[${input}:a]${mono},apad,atrim=end_sample=${samples[i]}[n${i}]`,
  );
  const music = opts.musicInput !== undefined;
  filters.push(
    `${narrationInputs.map((_, i) => `[n${i}]`).join('')}concat=n=${narrationInputs.length}:v=0:a=1,asplit=${music ? 3 : 2}[narr][voice]${music ? '[key]' : ''}`,
  );
  if (!music) {
    filters.push(`[voice]${stereo}[mix]`);
    return filters;
  }
  const total = opts.totalSamples / SAMPLE_RATE;
  const fade = Math.min(MUSIC_FADE_OUT_SECONDS, total / 4);
  const d = DUCKING;
  filters.push(
    // The music input loops (-stream_loop -1): trimmed here to the video's exact length.
    `[${opts.musicInput}:a]${stereo},atrim=end_sample=${opts.totalSamples},asetpts=N/SR/TB,volume=${opts.musicVolume ?? 0.15},afade=t=out:st=${(total - fade).toFixed(3)}:d=${fade.toFixed(3)}[music]`,
    `[key]${stereo}[keyst]`,
    `[music][keyst]sidechaincompress=threshold=${d.threshold}:ratio=${d.ratio}:attack=${d.attackMs}:release=${d.releaseMs}:makeup=1[ducked]`,
    `[voice]${stereo}[voicest]`,
    `[voicest][ducked]amix=inputs=2:duration=first:normalize=0[mix]`,
  );
  return filters;
}

/** What the measuring pass finds in the mix: the figures loudnorm's second pass takes. */
export interface LoudnessMeasurement {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP. */
  truePeak: number;
  /** Loudness range, LU. */
  range: number;
  /** The relative gate of the integrated measurement, LUFS. */
  threshold: number;
}

/**
 * The measuring pass: ebur128 with true peak, which finds what loudnorm's own first pass would
 * at a tenth of its cost (loudnorm runs its whole limiter at 192 kHz just to measure).
 */
export function measureFilter(): string {
  return 'ebur128=peak=true:framelog=verbose';
}

/** The figures of the summary ebur128 prints at the end of its run. */
export function parseLoudness(stderr: string): LoudnessMeasurement {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const figure = (re: RegExp) => {
    const m = re.exec(summary);
    return m ? (m[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(m[1])) : undefined;
  };
  const integrated = figure(/I:\s+(-?[\d.]+|-inf) LUFS/);
  const threshold = figure(/Threshold:\s+(-?[\d.]+|-inf) LUFS/);
  const range = figure(/LRA:\s+(-?[\d.]+) LU/);
  const truePeak = figure(/Peak:\s+(-?[\d.]+|-inf) dBFS/);
  if (integrated === undefined || threshold === undefined || range === undefined || truePeak === undefined) {
    throw new RenderError(`ebur128 printed no loudness summary: ${stderr.slice(-500)}`);
  }
  return { integrated, threshold, range, truePeak };
}

/** How far under the true-peak target the limiter holds the samples: room for inter-sample peaks. */
const LIMIT_MARGIN_DB = 0.5;
/**
 * The most the limiter takes off a peak: past that a mix with rare loud peaks (a click in a
 * recording) would be squashed, so its gain stops short and it stays quieter than the target.
 */
const MAX_LIMITING_DB = 6;

/**
 * The second pass, from the first pass's figures: one gain that brings the whole mix to the
 * target loudness (linear, which keeps the ducking's dynamics), as loudnorm's `linear=true` would.
 * Where that gain would take a peak past the true-peak limit, a lookahead peak limiter
 * (alimiter, its delay compensated, no auto level) holds the samples LIMIT_MARGIN_DB under it,
 * where loudnorm would fall back to its dynamic mode: a limiter at 44.1 kHz costs a few
 * hundredths of a second where loudnorm's limiter at 192 kHz took seconds for a minute of audio
 * (docs/decisions/0077-loudness-gain-and-limiter.md). The limiter takes at most MAX_LIMITING_DB
 * off a peak. Silence (nothing to measure) passes as is.
 */
export function normaliseFilter(m: LoudnessMeasurement): string {
  const t = LOUDNESS;
  // ebur128 reports digital silence as -70 LUFS (its floor) with a -inf peak; a gain up to the
  // target would multiply zeros into NaN, which the AAC encoder refuses.
  if (!Number.isFinite(m.integrated) || m.integrated <= -70 || !Number.isFinite(m.truePeak)) {
    return `aresample=${SAMPLE_RATE}`;
  }
  const ceiling = t.truePeak - LIMIT_MARGIN_DB;
  let gain = t.integrated - m.integrated;
  if (m.truePeak + gain <= t.truePeak) return `volume=${gain.toFixed(2)}dB`;
  gain = Math.min(gain, ceiling + MAX_LIMITING_DB - m.truePeak);
  const limit = 10 ** (ceiling / 20);
  return `volume=${gain.toFixed(2)}dB,alimiter=limit=${limit.toFixed(4)}:attack=5:release=50:level=false:latency=true`;
}
