import { allFindings, type DrillReport } from './drill';

/** Recovery target per killed worker, seconds (docs/decisions/0030-crash-drill.md). */
export const RECOVERY_TARGET_S = 20;
/** No video of the disturbed batch may end more than this later than its undisturbed twin, seconds. */
export const VIDEO_DELAY_TARGET_S = 30;

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fixed = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 'n/a' : n.toFixed(1));

/** The printed summary: the disruptions, the checks, the recovery cost per killed worker. */
export function summaryLines(report: DrillReport): string[] {
  const { counts, hit, calm, recovery } = report;
  const lines: string[] = [];
  lines.push('', '| disruption | at | took | videos held |', '|---|---|---|---|');
  for (const d of hit.disruptions) lines.push(`| ${d.kind} | ${s(d.at)} | ${s(d.took)} | ${d.held.length} |`);
  if (hit.apiKill) {
    const when = hit.apiKill.interrupted ? 'mid-request' : 'after the answer';
    lines.push(
      '',
      hit.apiKill.request === 'create'
        ? `api killed ${when} of a create; the client looked for the video, then repeated the create with its Idempotency-Key`
        : `api killed ${when} of a list request (every video was already created)`,
    );
  }
  lines.push('', '| check | result |', '|---|---|');
  const row = (name: string, findings: string[], ok: string) =>
    lines.push(`| ${name} | ${findings.length ? `**${findings.length} FAILED**` : ok} |`);
  const f = report.findings;
  row(
    'every video completed or failed with a cause, none stuck',
    [...f.stuck, ...f.withoutCause],
    `${counts.completed} completed, ${counts.failed} failed of ${counts.videos}`,
  );
  row('one video per create (no duplicate after the api kill)', f.duplicateVideos, 'ok');
  row('no duplicate event in any event log', f.duplicateEvents, `${counts.events} events checked`);
  row(
    'ledger: balance = sum of events, no double charge or refund, refunds only for failed items',
    f.ledger,
    `${counts.ledger_events} ledger events checked`,
  );
  row(
    'each subscribed event delivered, 1–4 attempts, one delivery id',
    f.deliveries,
    `${counts.deliveries} deliveries, at most ${counts.delivery_attempts_max} attempts, ${counts.retried_deliveries} retried`,
  );
  row(
    '500 DATABASE_ERROR within 5 s while PostgreSQL was frozen',
    f.databaseFrozen,
    `${counts.freeze_probes} requests, slowest ${counts.freeze_probe_max_ms} ms`,
  );
  if (calm && recovery) {
    lines.push('', `undisturbed batch ${s(calm.wallMs)}, disturbed ${s(hit.wallMs)}`);
    lines.push('', '| killed worker | at | videos held | recovery cost |', '|---|---|---|---|');
    for (const k of recovery.kills)
      lines.push(`| ${k.kind} | ${k.atS.toFixed(1)} s | ${k.held} | ${fixed(k.costS)} s |`);
    lines.push(
      '',
      `recovery cost per killed worker: max ${fixed(recovery.maxS)} s, mean ${fixed(recovery.meanS)} s (target ≤ ${RECOVERY_TARGET_S} s: ${recovery.maxS <= RECOVERY_TARGET_S ? 'met' : 'NOT met'})`,
      `extra wall time per disruption of the workers: ${fixed(recovery.wallPerDisruptionS)} s`,
    );
  }
  const delays = report.delays;
  if (delays) {
    lines.push(
      '',
      `delay of each video against its undisturbed twin: max ${fixed(delays.maxS)} s, p95 ${fixed(delays.p95S)} s (target ≤ ${VIDEO_DELAY_TARGET_S} s: ${delays.maxS <= VIDEO_DELAY_TARGET_S ? 'met' : 'NOT met'})`,
      `  per video (index: s): ${[...delays.perVideo]
        .sort((a, b) => a.index - b.index)
        .map((d) => `${d.index}: ${d.delayS.toFixed(1)}`)
        .join(', ')}`,
    );
    if (delays.slowest) {
      lines.push(
        '',
        `slowest video ${delays.slowest.id} (#${delays.slowest.index}), ${delays.slowest.delayS.toFixed(1)} s later than undisturbed; its timeline (s after its first event):`,
        ...delays.slowest.timeline.map((l) => `  ${l.atS.toFixed(1).padStart(6)}  ${l.what}`),
      );
    }
  }
  const unplanned = [...(calm?.videos ?? []), ...hit.videos].filter(
    (v) => v.status === 'failed' && !v.faults,
  );
  if (unplanned.length)
    lines.push(
      '',
      'videos that failed other than by an injected failure:',
      ...unplanned.map(
        (v) =>
          `  - ${v.id}: ${v.failureReason?.code} in ${v.failureReason?.stage}: ${v.failureReason?.message}`,
      ),
    );
  if (report.unexpectedExits.length)
    lines.push(
      '',
      'processes that exited on their own (restarted):',
      ...report.unexpectedExits.map((e) => `  - ${e}`),
    );
  const problems = allFindings(report);
  if (problems.length) lines.push('', 'FINDINGS:', ...problems.map((p) => `  - ${p}`));
  return lines;
}

/** Failed videos whose faults did not fail them for good (a render fault only fails one attempt). */
function unplannedFailures(report: DrillReport) {
  return [...(report.calm?.videos ?? []), ...report.hit.videos].filter(
    (v) => v.status === 'failed' && !(v.faults && ('visualising' in v.faults || 'narrating' in v.faults)),
  );
}

/** Flat figures for `--json` (merged by `npm run bench` under `drill.*`). */
export function drillFigures(report: DrillReport): Record<string, number | null> {
  const num = (n: number | undefined) =>
    n === undefined || !Number.isFinite(n) ? null : Math.round(n * 10) / 10;
  const kills = report.hit.disruptions;
  return {
    'drill.max_recovery_s': num(report.recovery?.maxS),
    'drill.mean_recovery_s': num(report.recovery?.meanS),
    'drill.wall_per_disruption_s': num(report.recovery?.wallPerDisruptionS),
    'drill.max_video_delay_s': num(report.delays?.maxS),
    'drill.p95_video_delay_s': num(report.delays?.p95S),
    'drill.undisturbed_s': num(report.calm ? report.calm.wallMs / 1000 : undefined),
    'drill.disturbed_s': num(report.hit.wallMs / 1000),
    'drill.videos': report.counts.videos,
    'drill.completed': report.counts.completed,
    'drill.failed': report.counts.failed,
    'drill.failed_unplanned': unplannedFailures(report).length,
    'drill.media_workers': report.mediaWorkers,
    'drill.media_kills': kills.filter((d) => d.kind === 'media-kill').length,
    'drill.control_kills': kills.filter((d) => d.kind === 'control-kill').length,
    'drill.deliveries': report.counts.deliveries,
    'drill.delivery_attempts_max': report.counts.delivery_attempts_max,
    'drill.freeze_probe_max_ms': report.counts.freeze_probe_max_ms,
    'drill.findings': allFindings(report).length,
    'drill.unexpected_exits': report.unexpectedExits.length,
  };
}
