import { type BatchResult, type DisruptionKind, WORKER_DISRUPTIONS } from './drill-run';

export interface KillCost {
  kind: DisruptionKind;
  /** Seconds after the disturbed batch started. */
  atS: number;
  held: number;
  /** Mean share of this kill in the extra time of the videos it held, seconds (NaN: it held none). */
  costS: number;
}

export interface Recovery {
  kills: KillCost[];
  maxS: number;
  meanS: number;
  /** Extra wall time of the whole disturbed batch per disruption that stopped the workers. */
  wallPerDisruptionS: number;
}

/**
 * Recovery cost of each killed worker, against the undisturbed batch of the same drill run (same
 * videos by index, same stack, just before): a video's delay is its time from submission to its
 * end minus the same video's time undisturbed. A video that lived through several disruptions
 * (kills that held it, the Temporal restart, the PostgreSQL freeze and restart) owes an equal
 * share of its delay to each; a kill's cost is the mean share over the videos it held.
 */
export function recoveryCost(calm: BatchResult, hit: BatchResult): Recovery {
  const calmTime = new Map(calm.videos.map((v) => [v.index, duration(v)]));
  const workerDisruptions = hit.disruptions.filter((d) => WORKER_DISRUPTIONS.includes(d.kind));
  const share = new Map<string, number>();
  for (const v of hit.videos) {
    if (!v.id) continue;
    const delay = duration(v) - (calmTime.get(v.index) ?? Number.NaN);
    const suffered = workerDisruptions.filter(
      (d) =>
        d.held.includes(v.id!) &&
        // A disruption of the whole stack holds every video in progress; kills hold their own.
        d.at >= (v.submittedAt ?? 0) &&
        d.at <= (v.finishedAt ?? Number.POSITIVE_INFINITY),
    ).length;
    share.set(v.id, suffered > 0 ? delay / suffered : Number.NaN);
  }
  const kills = workerDisruptions
    .filter((d) => d.kind === 'media-kill' || d.kind === 'control-kill')
    .map((d) => {
      const shares = d.held.map((id) => share.get(id)!).filter((s) => Number.isFinite(s));
      const costMs = shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : Number.NaN;
      return { kind: d.kind, atS: d.at / 1000, held: d.held.length, costS: costMs / 1000 };
    });
  const measured = kills.map((k) => k.costS).filter((c) => Number.isFinite(c));
  return {
    kills,
    maxS: measured.length ? Math.max(...measured) : Number.NaN,
    meanS: measured.length ? measured.reduce((a, b) => a + b, 0) / measured.length : Number.NaN,
    wallPerDisruptionS: workerDisruptions.length
      ? (hit.wallMs - calm.wallMs) / 1000 / workerDisruptions.length
      : Number.NaN,
  };
}

function duration(v: { submittedAt?: number; finishedAt?: number }): number {
  return v.submittedAt !== undefined && v.finishedAt !== undefined
    ? v.finishedAt - v.submittedAt
    : Number.NaN;
}
