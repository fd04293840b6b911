import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError } from '@vidgen/config';

/**
 * What a running `npm start` records under DATA_DIR/run/stack.json: who it is (so a second
 * `npm start` on the same DATA_DIR can say so), where its database and Temporal are (so the CLI
 * finds them without exported variables), and the pids of its children (so the watchdog can
 * stop them if the supervisor itself is killed). Removed on a clean stop; a file whose
 * supervisor pid is dead is stale and ignored.
 */
export interface StackState {
  /** The `npm start` supervisor. */
  pid: number;
  dataDir: string;
  startedAt: string;
  databaseUrl?: string;
  temporalAddress?: string;
  apiUrl?: string;
  children: {
    api?: number;
    worker?: number;
    temporal?: number;
    /** Data folder of the embedded PostgreSQL: its postmaster.pid names the server. */
    postgresDataDir?: string;
    watchdog?: number;
  };
}

export function stackStateFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'run', 'stack.json');
}

/** True while the process exists and is not a zombie waiting to be reaped. */
export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true; // not Linux: kill(0) is all we can know
  }
}

export function readStackState(file: string): StackState | undefined {
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
    return Number.isInteger(state.pid) ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The state of the `npm start` running on this DATA_DIR, if one is. */
export function findRunningStack(dataDir: string): StackState | undefined {
  const state = readStackState(stackStateFile(dataDir));
  return state && isPidAlive(state.pid) ? state : undefined;
}

/** The supervisor's side: creates the file, keeps it current, removes it on a clean stop. */
export class StackStateFile {
  readonly file: string;
  private state: StackState;

  constructor(dataDir: string, pid = process.pid) {
    this.file = stackStateFile(dataDir);
    this.state = { pid, dataDir: path.resolve(dataDir), startedAt: new Date().toISOString(), children: {} };
  }

  get current(): StackState {
    return this.state;
  }

  update(change: Partial<Omit<StackState, 'children'>> & { children?: StackState['children'] }): void {
    this.state = {
      ...this.state,
      ...change,
      children: { ...this.state.children, ...change.children },
    };
    mkdirSync(path.dirname(this.file), { recursive: true });
    // Readers never see half a file; only the owner may read it, as it can hold DATABASE_URL.
    const tmp = `${this.file}.${this.state.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.state, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.file);
  }

  remove(): void {
    // Only our own file: after a refused start, another stack's file stays.
    if (readStackState(this.file)?.pid === this.state.pid) rmSync(this.file, { force: true });
  }
}

/**
 * The database a command-line tool should use, found the way `npm start` finds it (README, First video):
 * DATABASE_URL, else the one a running `npm start` recorded under DATA_DIR.
 */
export function locateDatabaseUrl(config: AppConfig): string {
  return config.databaseUrl ?? fromRunningStack(config, 'databaseUrl', 'DATABASE_URL');
}

/** Likewise for Temporal: TEMPORAL_ADDRESS, else the address a running `npm start` recorded. */
export function locateTemporalAddress(config: AppConfig): string {
  return config.temporal.address ?? fromRunningStack(config, 'temporalAddress', 'TEMPORAL_ADDRESS');
}

function fromRunningStack(
  config: AppConfig,
  key: 'databaseUrl' | 'temporalAddress',
  setting: 'DATABASE_URL' | 'TEMPORAL_ADDRESS',
): string {
  const stack = findRunningStack(config.dataDir);
  if (!stack) {
    throw new ConfigError(`no ${setting} and no running \`npm start\` under DATA_DIR=${config.dataDir}`);
  }
  const value = stack[key];
  if (!value) {
    throw new ConfigError(
      `no ${setting}, and the \`npm start\` under DATA_DIR=${config.dataDir} (pid ${stack.pid}) is still starting`,
    );
  }
  return value;
}
