import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@vidgen/db';
import { postgresServer, startTemporalDevServer, withDatabase } from '@vidgen/devstack';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import { type Stack, startStack } from '@vidgen/stack-harness';

export interface BenchStack {
  stack: Stack;
  databaseUrl: string;
  /** The Temporal dev server the stack runs on, for benches that read workflow histories. */
  temporalAddress: string;
  /** A folder for the bench's own files, removed with the stack. */
  dir: string;
  key: (credits: number) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * The same real stack the integration tests use: a fresh database (BENCH_DATABASE_URL's
 * server, else 127.0.0.1:5432, else embedded), a Temporal dev server, an api and a worker.
 */
export async function startBenchStack(env: NodeJS.ProcessEnv = {}): Promise<BenchStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-'));
  // Stopped in reverse: the stack's folder (its database files, when embedded, and the videos'
  // media) goes last, once nothing writes to it.
  const stops: (() => Promise<void>)[] = [() => rm(dir, { recursive: true, force: true })];
  const server = await postgresServer({
    url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    dataDir: path.join(dir, 'pg'),
  });
  if (server.embedded) stops.push(server.embedded.stop);
  const databaseUrl = withDatabase(server.url, `vidgen_bench_${randomBytes(4).toString('hex')}`);
  await ensureDatabase(databaseUrl);
  stops.push(() => dropDatabase(databaseUrl));
  const db = createDb(databaseUrl, { max: 2 });
  await migrateToLatest(db);
  const temporal = await startTemporalDevServer({
    headless: true,
    envPath: process.env.PATH,
    startTimeoutMs: 120_000,
  });
  stops.push(temporal.stop);
  const stack = await startStack({
    databaseUrl,
    temporalAddress: temporal.address,
    taskQueue: 'bench',
    dataDir: path.join(dir, 'data'),
    env,
  });
  stops.push(() => stack.stop());
  return {
    stack,
    databaseUrl,
    temporalAddress: temporal.address,
    dir,
    async key(credits) {
      const accounts = new AccountRepository(db);
      const account = await accounts.create({ name: 'bench', plan: 'pro' });
      await new LedgerService(new LedgerRepository(db)).grant(account.id, credits);
      const auth = new AuthService(new ApiKeyRepository(db), accounts);
      return (
        await auth.createKey({
          accountId: account.id,
          scopes: ['videos:*', 'assets:*', 'callbacks:*', 'credits:*'],
        })
      ).key;
    },
    async stop() {
      await db.destroy();
      for (const s of stops.reverse()) await s().catch(() => undefined);
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// biome-ignore lint/suspicious/noExplicitAny: bench scripts read API records loosely
type Loose = any;

/** A call to the api with a key: JSON in, status and parsed JSON out. */
export type BenchApi = <T = Loose>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

export function benchClient(baseUrl: string, key: string): BenchApi {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}
