/**
 * The crash drill: DRILL_VIDEOS videos (default 20) over DRILL_ACCOUNTS accounts (default 5),
 * webhooks on both events to a local HTTPS receiver, first undisturbed, then again while the
 * media worker is SIGKILLed DRILL_MEDIA_KILLS times (default 5), the control worker once, the
 * Temporal dev server restarted, PostgreSQL frozen for 10 s and restarted, and the api killed
 * mid-request. Prints what held and the recovery cost per killed worker; exits 1 on a finding.
 *
 *   npm run drill [-- --json <file>]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allFindings, runDrill } from '../test/support/drill/drill';
import { drillFigures, summaryLines } from '../test/support/drill/drill-summary';

const VIDEOS = Number(process.env.DRILL_VIDEOS ?? 20);
const ACCOUNTS = Number(process.env.DRILL_ACCOUNTS ?? 5);
const MEDIA_KILLS = Number(process.env.DRILL_MEDIA_KILLS ?? 5);

async function main(): Promise<void> {
  const started = Date.now();
  const log = (m: string) =>
    process.stdout.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}\n`);
  console.log(`drill: ${VIDEOS} videos over ${ACCOUNTS} accounts, ${MEDIA_KILLS} media worker kills`);
  const report = await runDrill({
    videos: VIDEOS,
    accounts: ACCOUNTS,
    mediaKills: MEDIA_KILLS,
    undisturbed: true,
    deadlineMs: 15 * 60_000,
    log,
  });
  for (const line of summaryLines(report)) console.log(line);
  const i = process.argv.indexOf('--json');
  if (i >= 0 && process.argv[i + 1]) {
    const file = path.resolve(process.argv[i + 1]!);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(drillFigures(report), null, 2)}\n`);
  }
  process.exit(allFindings(report).length > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
