import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@vidgen/devstack';
import { expect, inject } from 'vitest';
import { ApiClient } from '../../../../test/support/api';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as an operator would, against the run's database. */
export function cli(...args: string[]): Promise<CliResult> {
  return cliWithEnv(
    { ...process.env, DATABASE_URL: inject('stack').databaseUrl, LOG_LEVEL: 'warn' },
    ...args,
  );
}

export async function cliWithEnv(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', path.join(REPO_ROOT, 'apps/cli/src/main.ts'), ...args],
      { cwd: REPO_ROOT, env, timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** With --json, exactly one JSON object on stdout (apps/cli/README.md). */
export function singleJsonObject(res: CliResult): Record<string, unknown> {
  const lines = res.stdout.split('\n').filter((l) => l.trim() !== '');
  expect(lines, res.stdout + res.stderr).toHaveLength(1);
  const parsed = JSON.parse(lines[0]!);
  expect(typeof parsed).toBe('object');
  expect(Array.isArray(parsed)).toBe(false);
  expect(parsed).not.toBeNull();
  return parsed;
}

export async function ok(...args: string[]): Promise<Record<string, unknown>> {
  const res = await cli(...args);
  expect(res.code, `${args.join(' ')}\n${res.stdout}${res.stderr}`).toBe(0);
  return singleJsonObject(res);
}

export const api = () => new ApiClient(inject('stack').apiBaseUrl);
