import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_BATCH_BYTES } from './request-log';

/**
 * The api's logger writing to a pipe, as it does under a process manager or a collector: a child
 * process whose stdout is piped here (not a terminal, so JSON lines through the batching
 * destination). `script` runs with `logger` in scope after the logger is made.
 */
function child(script: string): { proc: ChildProcess; lines: string[]; exited: Promise<number | null> } {
  const logger = `require(${JSON.stringify(path.join(REPO_ROOT, 'apps/api/src/common/request-log.ts'))}).createApiLogger({ logLevel: 'info' })`;
  const proc = spawn(
    process.execPath,
    ['-r', '@swc-node/register', '-e', `const logger = ${logger};\n${script}`],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines: string[] = [];
  let rest = '';
  proc.stdout!.on('data', (b: Buffer) => {
    const parts = (rest + b.toString()).split('\n');
    rest = parts.pop()!;
    lines.push(...parts.filter(Boolean));
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, lines, exited };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('request lines written in batches', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    running?.kill('SIGKILL');
    running = undefined;
  });

  it('writes a lone line while the process runs, though far fewer bytes than a batch are waiting', async () => {
    // The child logs one line and then stays up until its stdin closes: the line must come out on
    // the timer, not only at exit.
    const { proc, lines, exited } = child(
      `logger.info({ n: 1 }, 'request completed'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`,
    );
    running = proc;
    const arrived = await until(() => lines.length > 0, 15_000);
    expect(arrived).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ n: 1, msg: 'request completed', process: 'api' });
    expect(lines[0]!.length).toBeLessThan(LOG_BATCH_BYTES);
    expect(proc.exitCode).toBeNull();
    proc.stdin!.end();
    expect(await exited).toBe(0);
  }, 30_000);

  it('loses no line still waiting in the batch when the process exits', async () => {
    const { proc, lines, exited } = child(
      `for (let n = 0; n < 25; n++) logger.info({ n }, 'request completed'); process.exit(0);`,
    );
    running = proc;
    expect(await exited).toBe(0);
    await until(() => lines.length >= 25, 2000);
    expect(lines.map((l) => JSON.parse(l).n)).toEqual(Array.from({ length: 25 }, (_, n) => n));
  }, 30_000);

  it('loses no waiting line when the api is stopped by SIGTERM, and exits 0', async () => {
    // The api's shutdown (stopOnSignals) on a Nest app logging through the api's logger: the line
    // logged just before the signal is still in its batch when the signal arrives.
    const app = JSON.stringify(path.join(REPO_ROOT, 'apps/api/src/app.ts'));
    const { proc, lines, exited } = child(`
      const { Module, Logger } = require('@nestjs/common');
      const { NestFactory } = require('@nestjs/core');
      const { NestPinoLogger } = require(${JSON.stringify(path.join(REPO_ROOT, 'apps/api/src/common/request-log.ts'))});
      class Empty {}
      Module({})(Empty);
      NestFactory.create(Empty, { logger: false }).then((nest) => {
        nest.useLogger(new NestPinoLogger(logger));
        require(${app}).stopOnSignals(nest);
        new Logger('spec').log('the last line before SIGTERM');
        process.kill(process.pid, 'SIGTERM');
      });`);
    running = proc;
    expect(await exited).toBe(0);
    await until(() => lines.some((l) => l.includes('the last line before SIGTERM')), 2000);
    expect(lines.map((l) => JSON.parse(l).msg)).toContain('the last line before SIGTERM');
  }, 30_000);
});
