import { allFindings, runDrill, summaryLines } from '@vidgen/stack-harness';
import { describe, expect, it } from 'vitest';

/**
 * The crash drill, short (`npm run drill` is the full one): 4 videos over 2 accounts on a stack
 * of its own while each disruption happens once — the media and the control worker SIGKILLed,
 * the Temporal dev server and PostgreSQL restarted, PostgreSQL frozen for 10 s, the api killed
 * mid-request. Every invariant of the full drill must hold; the recovery cost is a figure of
 * the full drill, not checked here. Every disruption is carried out even if the 4 videos finish
 * first (a fast machine), so each one is checked; the log says how many videos each held.
 */
describe('crash drill (short)', () => {
  it('leaves no video stuck, no duplicate, a balanced ledger and every event delivered once', async () => {
    const report = await runDrill({
      videos: 4,
      accounts: 2,
      mediaKills: 1,
      undisturbed: false,
      expectedMs: 30_000,
      everyDisruption: true,
      deadlineMs: 300_000,
      log: (m) => process.stderr.write(`[drill] ${m}\n`),
    });
    process.stderr.write(`${summaryLines(report).join('\n')}\n`);
    expect(report.hit.disruptions.map((d) => d.kind).sort()).toEqual([
      'api-kill',
      'control-kill',
      'media-kill',
      'postgres-freeze',
      'postgres-restart',
      'temporal-restart',
    ]);
    expect(report.counts.videos).toBe(4);
    expect(report.counts.freeze_probes).toBeGreaterThan(0);
    expect(report.counts.deliveries).toBe(4);
    expect(allFindings(report)).toEqual([]);
  }, 480_000);
});
