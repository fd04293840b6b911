import { readdirSync, readFileSync } from 'node:fs';

/** Machine-wide CPU ticks from /proc/stat: all of them, and those spent idle or waiting on I/O. */
export function cpuTicks(): { total: number; idle: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, idle: ticks[3]! + ticks[4]! };
}

/** The share of the machine's CPU time that was busy between two readings, in percent. */
export function busyPercent(
  from: { total: number; idle: number },
  to: { total: number; idle: number },
): number {
  const total = to.total - from.total;
  return total > 0 ? (100 * (total - (to.idle - from.idle))) / total : Number.NaN;
}

/**
 * A process's resident memory in MB: `VmHWM`, the kernel's record of its peak (so no sample is
 * missed), or `VmRSS` now. NaN once the process is gone.
 */
export function rssMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** CPU time (user + system) a process has used so far, in ms; NaN once it is gone. */
export function processCpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds a process and the children it waited for (its ffmpeg runs) have used (Linux /proc),
 * so figures can be read apart from what other work on a shared machine took from the wall clock;
 * 0 without a pid, NaN once it is gone.
 */
export function cpuSecondsWithChildren(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime, stime, cutime, cstime are fields 14–17; after the command name fields start at 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The pid of the process whose command line holds every one of `parts`, if there is one. */
export function findProcess(...parts: string[]): number | undefined {
  return findProcesses(...parts)[0];
}

/** The pids of every process whose command line holds every one of `parts` (e.g. a database's PostgreSQL backends). */
export function findProcesses(...parts: string[]): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (parts.every((p) => cmd.includes(p))) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
