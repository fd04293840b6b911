import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The figures one bench reports, flat and dotted: `api.get_ratio`, `rss_mb.api`. A bench's
 * own prefix names its figures; `rss_mb.<process>` is shared, one key per process.
 */
export type Figures = Record<string, number | string | null>;

/** The file given as `--json <file>` on the command line, if any. */
export function jsonTarget(argv: readonly string[] = process.argv): string | undefined {
  const i = argv.indexOf('--json');
  return i >= 0 ? argv[i + 1] : undefined;
}

/**
 * The convention every bench follows (bench/README.md): run with `--json <file>`, it writes its
 * figures there as one JSON object, so `npm run bench` can merge them into
 * bench/results/latest.json. Without `--json`, nothing is written (the printed table stays).
 */
export function writeFigures(figures: Figures, argv: readonly string[] = process.argv): void {
  const file = jsonTarget(argv);
  if (!file) return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const rounded = Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]),
  );
  writeFileSync(file, `${JSON.stringify(rounded, null, 2)}\n`);
}

/** Three significant decimals are plenty for figures taken on a shared machine. */
function round(v: number): number | null {
  if (!Number.isFinite(v)) return null;
  return Math.abs(v) >= 100 ? Math.round(v * 10) / 10 : Math.round(v * 1000) / 1000;
}

/** Peak resident set size of a process in MB (Linux /proc VmHWM), or NaN when it is gone. */
export function peakRssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Prints figures as an aligned two-column table. */
export function printFigures(title: string, figures: Figures): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length), 6);
  console.log(`\n${title}`);
  for (const [k, v] of Object.entries(figures)) {
    const shown = typeof v === 'number' ? String(round(v) ?? 'n/a') : (v ?? 'n/a');
    console.log(`  ${k.padEnd(width)}  ${shown}`);
  }
}
