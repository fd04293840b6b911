import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The postmaster (first line of postmaster.pid) and every process it started. */
function postgresPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are no children.
  }
  return [postmaster, ...children];
}

function signal(pids: number[], sig: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Freezes the PostgreSQL server of `dataDir` (SIGSTOP on the postmaster and its processes), as a
 * hung VM or stalled disk would: connections stay open and nothing answers. Returns the thaw,
 * which may be called any number of times.
 */
export function freezePostgres(dataDir: string): () => void {
  signal(postgresPids(dataDir).slice(0, 1), 'SIGSTOP'); // the postmaster first: it forks nothing new after this
  const frozen = postgresPids(dataDir);
  signal(frozen, 'SIGSTOP');
  return () => signal(frozen, 'SIGCONT');
}
