import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { GuardedPool } from './guarded-pool';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * The guarded pool under each Db createDb made, for `prepared()` queries, which need none of
 * Kysely's executor (no plugins, no logging: this Db has neither).
 */
const guardedPools = new WeakMap<Db, GuardedPool>();

/** The pool `db` runs on, if createDb made it as it is (a Db with a plugin added has none). */
export function guardedPoolOf(db: Db): GuardedPool | undefined {
  return guardedPools.get(db);
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/** DATABASE_TIMEOUT_MS when nothing is configured (README, Configuration). */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5000;

/**
 * One pool per process. Sessions run in UTC and timestamptz values come back as their raw
 * text so microsecond precision reaches the API (a JS Date would cut it to milliseconds).
 *
 * `timeoutMs` bounds every wait on PostgreSQL, so a server that hangs (stopped, partitioned,
 * stalled on its disk) fails the request or activity with a database error instead of
 * hanging it; see GuardedPool for what happens to the connection afterwards.
 */
export function createDb(connectionString: string, options: { max?: number; timeoutMs?: number } = {}): Db {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: '-c TimeZone=UTC',
    // Waiting for a free connection and opening a new one (TCP, TLS, startup) share one bound.
    connectionTimeoutMillis: timeoutMs,
    // The server cancels a slow statement a little before the client would give up, so a
    // server that is merely slow answers with a clean error (57014) on a reusable connection...
    statement_timeout: timeoutMs - Math.min(1000, Math.floor(timeoutMs / 10)),
    // ...and the client gives up on one that does not answer at all.
    query_timeout: timeoutMs,
    // A session idle inside its transaction (its client paused or cut off) gives up its locks.
    idle_in_transaction_session_timeout: 2 * timeoutMs,
    // Probes on quiet connections, so a peer that vanished (host down, NAT entry dropped) is
    // noticed in seconds, not after the kernel's two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === TIMESTAMPTZ_OID) return (v: string) => v;
        if (oid === INT8_OID) return (v: string) => Number(v);
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // Nor one that loses it between pg-pool's hand-over and GuardedClient's own listener: pg-pool
  // takes its idle listener off a new connection before the caller gets it, and a server going
  // down can send its FATAL in the very packet that made the connection ready, which pg emits as
  // 'error' on the spot (a media worker died of it in the crash drill). The connection is then
  // unusable, and its first statement fails as a DatabaseUnavailableError (GuardedClient).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const guarded = new GuardedPool(pool, timeoutMs);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded }) });
  guardedPools.set(db, guarded);
  return db;
}

/** Creates a database if it does not exist, connecting through the server's maintenance DB. */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Keyset condition for newest-first lists ordered by (created_at desc, id desc): the rows
 * strictly after the cursor's row. A row comparison, so one index range scan answers it.
 */
export function beforeCursor(cursor: { createdAt: string; id: string }) {
  return sql<boolean>`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
