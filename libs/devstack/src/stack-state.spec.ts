import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@vidgen/config';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  findRunningStack,
  isPidAlive,
  locateDatabaseUrl,
  locateTemporalAddress,
  StackStateFile,
  stackStateFile,
} from './stack-state';

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

  describe('locateDatabaseUrl / locateTemporalAddress', () => {
    it('take DATABASE_URL and TEMPORAL_ADDRESS first', () => {
      new StackStateFile(dataDir).update({ databaseUrl: 'postgres://recorded', temporalAddress: 'rec:1' });
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://env',
        TEMPORAL_ADDRESS: 'env:2',
      });
      expect(locateDatabaseUrl(config)).toBe('postgres://env');
      expect(locateTemporalAddress(config)).toBe('env:2');
    });

    it('else take what a running npm start recorded under DATA_DIR', () => {
      new StackStateFile(dataDir).update({ databaseUrl: 'postgres://recorded', temporalAddress: 'rec:1' });
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(locateDatabaseUrl(config)).toBe('postgres://recorded');
      expect(locateTemporalAddress(config)).toBe('rec:1');
    });

    it('else say that neither exists', () => {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(() => locateDatabaseUrl(config)).toThrow(
        `no DATABASE_URL and no running \`npm start\` under DATA_DIR=${dataDir}`,
      );
      new StackStateFile(dataDir, deadPid()).update({ databaseUrl: 'postgres://stale' });
      expect(() => locateTemporalAddress(config)).toThrow(
        `no TEMPORAL_ADDRESS and no running \`npm start\` under DATA_DIR=${dataDir}`,
      );
    });

    it('say so when the running npm start has not got that far', () => {
      new StackStateFile(dataDir).update({ temporalAddress: 'rec:1' });
      expect(() => locateDatabaseUrl(loadConfig({ DATA_DIR: dataDir }))).toThrow(/is still starting/);
    });
  });
});
