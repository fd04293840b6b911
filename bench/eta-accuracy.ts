/**
 * How well `progress.eta_seconds` foretold a video's end (bench/pipeline.ts): the record is read
 * every 100 ms while the video runs; at the first reading at or past 25 % and 50 % with an ETA,
 * the ETA is set against the seconds that were actually left.
 */

export interface ProgressSample {
  /** Seconds since the video was created. */
  t: number;
  percent: number;
  eta: number | null;
}

/** |ETA − seconds actually left| / seconds actually left, at each mark; NaN where none was read. */
export function etaErrors(samples: readonly ProgressSample[], endSeconds: number, marks = [25, 50]) {
  return Object.fromEntries(
    marks.map((mark) => {
      const at = samples.find((s) => s.percent >= mark && s.eta !== null);
      if (!at) return [mark, Number.NaN];
      const left = endSeconds - at.t;
      return [mark, Math.abs(at.eta! - left) / left];
    }),
  ) as Record<number, number>;
}

/** The median of the numbers that are (NaN left out); NaN when none is. */
export function median(values: readonly number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}
