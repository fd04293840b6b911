import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRunningStack, isPidAlive, StackStateFile, stackStateFile } from './stack-state';

/** The pid of a process that has come and gone. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '0']).pid;
  expect(isPidAlive(pid)).toBe(false);
  return pid;
}

describe('stack state under DATA_DIR', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-state-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is found while its supervisor runs, readable only by its owner', () => {
    const state = new StackStateFile(dataDir);
    state.update({ databaseUrl: 'postgres://u:p@127.0.0.1:1/db' });
    state.update({ children: { temporal: 11 } });
    state.update({ children: { api: 12 } });
    expect(state.file).toBe(path.join(dataDir, 'run', 'stack.json'));
    expect(statSync(state.file).mode & 0o777).toBe(0o600);
    expect(findRunningStack(dataDir)).toMatchObject({
      pid: process.pid,
      dataDir,
      databaseUrl: 'postgres://u:p@127.0.0.1:1/db',
      children: { temporal: 11, api: 12 },
    });
  });

  it('is ignored when its supervisor is dead (a stale file)', () => {
    new StackStateFile(dataDir, deadPid()).update({ databaseUrl: 'postgres://x@127.0.0.1:1/db' });
    expect(existsSync(stackStateFile(dataDir))).toBe(true);
    expect(findRunningStack(dataDir)).toBeUndefined();
  });

  it('is removed by its own supervisor, and only by it', () => {
    const mine = new StackStateFile(dataDir);
    mine.update({});
    new StackStateFile(dataDir, process.pid + 1_000_000).remove();
    expect(existsSync(mine.file)).toBe(true);
    mine.remove();
    expect(existsSync(mine.file)).toBe(false);
    expect(findRunningStack(dataDir)).toBeUndefined();
  });
});
