import {
  type DrillCounts,
  type DrillFindings,
  type DrillHook,
  databaseVideoFindings,
  deliveryFindings,
  eventFindings,
  frozenFindings,
  ledgerFindings,
  settleDeliveries,
  videoFindings,
} from './drill-checks';
import { type Delays, type TimelineLine, videoDelays, videoTimelines } from './drill-delays';
import { type Recovery, recoveryCost } from './drill-recovery';
import { type BatchResult, type DisruptionKind, type DrillAccount, drillVideos, runBatch } from './drill-run';
import { startDrillStack } from './drill-stack';

export interface DrillOptions {
  videos: number;
  accounts: number;
  mediaKills: number;
  /** Media workers in the stack (DRILL_MEDIA_WORKERS of drill-stack.ts unless given). */
  mediaWorkers?: number;
  /** Run the same videos undisturbed first, to measure the recovery cost against. */
  undisturbed: boolean;
  /** Expected length of the disturbed batch (ms) when there is no undisturbed run to take it from. */
  expectedMs?: number;
  /** Longest a batch may take before its unfinished videos count as stuck. */
  deadlineMs: number;
  /**
   * Carry out every disruption even when the videos finished first (the invariants must hold
   * after each); otherwise the disruptions still due once nothing is in flight are skipped, as
   * they would measure no recovery.
   */
  everyDisruption?: boolean;
  log?: (m: string) => void;
  /** Also return every disturbed video's timeline, in seconds after the batch's start. */
  timelines?: boolean;
}

export interface DrillReport {
  findings: DrillFindings;
  counts: DrillCounts;
  calm?: BatchResult;
  hit: BatchResult;
  /** Media workers the stack ran (each media kill took one of them, in turn). */
  mediaWorkers: number;
  recovery?: Recovery;
  /** Each disturbed video's delay against its undisturbed twin; the slowest one's timeline. */
  delays?: Delays;
  /** Every disturbed video's timeline (with `timelines`), seconds after the batch's start. */
  timelines?: { index: number; id: string; timeline: TimelineLine[] }[];
  /** Processes that exited on their own during the drill (each restarted, as npm start does). */
  unexpectedExits: string[];
}

/** Every finding of the report, one line each; empty when every invariant held. */
export function allFindings(report: DrillReport): string[] {
  return Object.entries(report.findings).flatMap(([check, list]) =>
    list.map((f: string) => `${check}: ${f}`),
  );
}

/**
 * When each disruption happens, as fractions of the batch's expected length: the media kills at
 * random moments, the others one after another between them (the api kill interrupts the next
 * create, or a list request when every video has been created).
 */
export function drillSchedule(
  expectedMs: number,
  mediaKills: number,
): { kind: DisruptionKind; at: number }[] {
  const at = (f: number) => Math.round(f * expectedMs);
  const kills = Array.from({ length: mediaKills }, (_, i) => {
    // One random moment in each of mediaKills equal slices of 10–85 %: random, yet spread out.
    const slice = 0.75 / mediaKills;
    return { kind: 'media-kill' as const, at: at(0.1 + slice * i + Math.random() * slice * 0.8) };
  });
  return [
    ...kills,
    { kind: 'postgres-freeze', at: at(0.2) },
    { kind: 'control-kill', at: at(0.35) },
    { kind: 'api-kill', at: at(0.45) },
    { kind: 'temporal-restart', at: at(0.55) },
    { kind: 'postgres-restart', at: at(0.7) },
  ];
}

/** The crash drill: a stack of its own, the videos, the disruptions, then every check. */
export async function runDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => undefined);
  const stack = await startDrillStack({ log, mediaWorkers: options.mediaWorkers });
  try {
    const accounts: DrillAccount[] = [];
    const hooks: DrillHook[] = [];
    for (let a = 0; a < options.accounts; a++) {
      const account = await stack.account(1000);
      accounts.push(account);
      // Some receivers fail their first requests, so deliveries are retried under the drill too.
      const replies =
        a % 3 === 0
          ? [{ status: 500 }, { status: 200 }]
          : a % 3 === 1
            ? [{ status: 503 }, { status: 503 }, { status: 200 }]
            : [{ status: 200 }];
      for (const event of ['video.completed', 'video.failed'] as const) {
        const route = stack.receiver.route(replies);
        const res = await fetch(`${stack.baseUrl}/callbacks`, {
          method: 'POST',
          headers: { 'X-Api-Key': account.key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: route.url, event }),
        });
        if (res.status !== 201) throw new Error(`webhook ${res.status}: ${await res.text()}`);
        const hook = (await res.json()) as { id: string; secret: string };
        hooks.push({ accountId: account.accountId, id: hook.id, secret: hook.secret, event, route });
      }
    }
    const batch = { deadlineMs: options.deadlineMs, everyDisruption: options.everyDisruption, log };
    let calm: BatchResult | undefined;
    if (options.undisturbed) {
      log(`undisturbed: ${options.videos} videos over ${options.accounts} accounts`);
      calm = await runBatch(
        stack,
        accounts,
        drillVideos(options.videos, options.accounts, 'calm'),
        [],
        batch,
      );
      log(`undisturbed batch done in ${(calm.wallMs / 1000).toFixed(1)} s`);
    }
    const expectedMs = calm?.wallMs ?? options.expectedMs ?? 60_000;
    log(`disturbed: ${options.videos} videos, ${options.mediaKills} media worker kills and the rest`);
    const hit = await runBatch(
      stack,
      accounts,
      drillVideos(options.videos, options.accounts, 'hit'),
      drillSchedule(expectedMs, options.mediaKills),
      batch,
    );
    log(`disturbed batch done in ${(hit.wallMs / 1000).toFixed(1)} s; checking`);
    const batches = calm ? [calm, hit] : [hit];
    const finished = batches
      .flatMap((b) => b.videos)
      .filter((v) => v.status === 'completed' || v.status === 'failed');
    await settleDeliveries(stack.db, finished.length, 120_000);

    const videos = videoFindings(batches);
    const rows = await databaseVideoFindings(stack.db);
    const events = await eventFindings(stack.db);
    const ledger = await ledgerFindings(
      stack.db,
      accounts.map((a) => a.accountId),
    );
    const deliveries = await deliveryFindings(stack.db, hooks, batches);
    const probes = batches.flatMap((b) => b.freezeProbes);
    const delays = calm ? videoDelays(calm, hit) : undefined;
    const slowest = delays?.perVideo.reduce((a, b) => (b.delayS > a.delayS ? b : a), delays.perVideo[0]!);
    if (delays && slowest) {
      const [timeline] = await videoTimelines(stack.db, stack.temporalAddress, [slowest.id]).catch((err) => [
        [{ atS: 0, what: `timeline unavailable: ${err instanceof Error ? err.message : err}` }],
      ]);
      delays.slowest = { ...slowest, timeline: timeline! };
    }
    const created = hit.videos.filter((v) => v.id);
    const timelines = options.timelines
      ? (
          await videoTimelines(
            stack.db,
            stack.temporalAddress,
            created.map((v) => v.id!),
            hit.startedAtMs,
          )
        ).map((timeline, i) => ({ index: created[i]!.index, id: created[i]!.id!, timeline }))
      : undefined;
    const all = batches.flatMap((b) => b.videos);
    return {
      timelines,
      findings: {
        stuck: [...videos.stuck, ...rows.stuck],
        withoutCause: videos.withoutCause,
        duplicateVideos: rows.duplicateVideos,
        duplicateEvents: events.findings,
        ledger: ledger.findings,
        deliveries: deliveries.findings,
        databaseFrozen: frozenFindings(batches),
      },
      counts: {
        videos: all.length,
        completed: all.filter((v) => v.status === 'completed').length,
        failed: all.filter((v) => v.status === 'failed').length,
        events: events.events,
        ledger_events: ledger.events,
        deliveries: deliveries.deliveries,
        delivery_attempts_max: deliveries.maxAttempts,
        retried_deliveries: deliveries.retried,
        freeze_probes: probes.length,
        freeze_probe_max_ms: Math.round(Math.max(0, ...probes.map((p) => p.ms))),
      },
      calm,
      hit,
      mediaWorkers: stack.media().length,
      recovery: calm ? recoveryCost(calm, hit) : undefined,
      delays,
      unexpectedExits: [...stack.unexpectedExits],
    };
  } finally {
    await stack.stop();
  }
}
