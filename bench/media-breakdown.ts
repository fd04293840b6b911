import type { MediaPiece } from '@vidgen/stack-harness';

/**
 * Where a video's media time went, by activity, in the order they first started: pieces,
 * seconds waiting in the queue (scheduled → started) and running (started → closed), summed
 * over its pieces, and when the first started and the last closed, in seconds from `origin`
 * (epoch ms; left out, the first piece's scheduling).
 */
export function mediaTimeBreakdown(pieces: MediaPiece[], origin?: number): string {
  const t0 = origin ?? Math.min(...pieces.map((p) => p.scheduledAt));
  const by = new Map<string, { n: number; wait: number; run: number; from: number; to: number }>();
  for (const p of [...pieces].sort((a, b) => a.startedAt - b.startedAt)) {
    const k = p.activity || '?';
    const b = by.get(k) ?? { n: 0, wait: 0, run: 0, from: Infinity, to: -Infinity };
    b.n++;
    b.wait += (p.startedAt - p.scheduledAt) / 1000;
    b.run += (p.endedAt - p.startedAt) / 1000;
    b.from = Math.min(b.from, (p.startedAt - t0) / 1000);
    b.to = Math.max(b.to, (p.endedAt - t0) / 1000);
    by.set(k, b);
  }
  return [...by]
    .map(
      ([k, b]) =>
        `${k} ×${b.n} waited ${b.wait.toFixed(1)} s, ran ${b.run.toFixed(1)} s, ${b.from.toFixed(1)}–${b.to.toFixed(1)} s`,
    )
    .join('; ');
}

/** Each piece on a line of its own, in the order they started: scheduled, started, ended (s from the first), and its worker. */
export function piecesOneByOne(pieces: MediaPiece[]): string {
  const t0 = Math.min(...pieces.map((p) => p.scheduledAt));
  const s = (ms: number) => ((ms - t0) / 1000).toFixed(2).padStart(6);
  return [...pieces]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map(
      (p) =>
        `    ${(p.activity ?? '?').padEnd(18)} ${s(p.scheduledAt)} ${s(p.startedAt)} ${s(p.endedAt)}  ${p.worker}`,
    )
    .join('\n');
}
