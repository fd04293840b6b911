import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { COMPILED, REPO_ROOT } from './repo-root';
import { isPidAlive, readStackState, type StackState } from './stack-state';
import { stopChild } from './temporal-dev-server';

/**
 * Node cannot ask Linux to signal a child when its parent dies (PR_SET_PDEATHSIG), so a
 * SIGKILLed `npm start` would leave Temporal and PostgreSQL running, holding their ports and
 * data. This small process, started detached by the supervisor, waits for the supervisor's pid
 * to disappear and then stops what the state file says it started. The api and the worker also
 * leave on their own when their parent goes (exit-with-parent.ts); the watchdog only makes sure.
 */
export const WATCHDOG_MAIN = path.join(__dirname, `stack-watchdog.main.${COMPILED ? 'js' : 'ts'}`);

/** Preloaded into the api and the worker that `npm start` supervises. */
export const EXIT_WITH_PARENT = path.join(__dirname, `exit-with-parent.${COMPILED ? 'js' : 'ts'}`);

export interface RunningWatchdog {
  pid: number | undefined;
  stop(): Promise<void>;
}

export function startStackWatchdog(options: { stateFile: string; logFile: string }): RunningWatchdog {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const out = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(
      process.execPath,
      [
        ...(COMPILED ? [] : ['-r', '@swc-node/register']),
        WATCHDOG_MAIN,
        String(process.pid),
        options.stateFile,
      ],
      // Its own session: a Ctrl-C in the terminal stops the stack, not the watchdog.
      { detached: true, stdio: ['ignore', out, out], cwd: REPO_ROOT },
    );
  } finally {
    closeSync(out);
  }
  child.unref();
  return { pid: child.pid, stop: () => stopChild(child, 5000) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for the supervisor to go; if it left its state file behind, stops its children. */
export async function runStackWatchdog(
  supervisorPid: number,
  stateFile: string,
  log: (msg: string) => void,
): Promise<void> {
  while (isPidAlive(supervisorPid)) await sleep(500);
  const state = readStackState(stateFile);
  if (!state || state.pid !== supervisorPid) return; // a clean stop removes the file
  log(`npm start (pid ${supervisorPid}) is gone; stopping what it started`);
  await stopOrphans(state, log);
  rmSync(stateFile, { force: true });
}

function postmasterPid(postgresDataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(postgresDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isPidAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(200);
  }
  return true;
}

async function terminate(
  name: string,
  pid: number,
  signal: NodeJS.Signals,
  graceMs: number,
  log: (msg: string) => void,
): Promise<void> {
  if (!isPidAlive(pid)) return;
  log(`${signal} → ${name} (pid ${pid})`);
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  if (await waitGone(pid, graceMs)) return;
  log(`SIGKILL → ${name} (pid ${pid})`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitGone(pid, 2000);
}

export async function stopOrphans(state: StackState, log: (msg: string) => void): Promise<void> {
  const { api, worker, temporal, postgresDataDir } = state.children;
  // First the processes that use Temporal and PostgreSQL, so they shut down against running servers.
  await Promise.all(
    [
      ['api', api],
      ['worker', worker],
    ].map(async ([name, pid]) => {
      if (typeof pid !== 'number') return;
      if (await waitGone(pid, 3000)) return; // it noticed its parent go
      await terminate(name as string, pid, 'SIGTERM', 8000, log);
    }),
  );
  const postgres = postgresDataDir ? postmasterPid(postgresDataDir) : undefined;
  await Promise.all([
    temporal ? terminate('Temporal dev server', temporal, 'SIGTERM', 8000, log) : undefined,
    // SIGINT is PostgreSQL's fast shutdown: it ends the sessions and checkpoints.
    postgres ? terminate('PostgreSQL', postgres, 'SIGINT', 8000, log) : undefined,
  ]);
}
