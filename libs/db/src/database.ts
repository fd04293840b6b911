import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/** Default bound on any one database call (DATABASE_TIMEOUT_MS). */
export const DATABASE_TIMEOUT_MS = 5000;

/**
 * One pool per process. Sessions run in UTC and timestamptz values come back as their raw
 * text so microsecond precision reaches the API (a JS Date would cut it to milliseconds).
 *
 * Nothing waits on the database longer than `timeoutMs`: waiting for a pooled connection or
 * opening one (connectionTimeoutMillis), a query's answer (query_timeout, client side, which
 * also covers a server whose processes are frozen), a statement's run time and an abandoned
 * transaction (statement_timeout and idle_in_transaction_session_timeout, server side). TCP
 * keepalive notices a dead peer. A call that times out fails; the caller answers 500
 * DATABASE_ERROR, or an activity is retried, and the pool recovers once the server answers.
 */
export function createDb(connectionString: string, options: { max?: number; timeoutMs?: number } = {}): Db {
  const timeoutMs = options.timeoutMs ?? DATABASE_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: `-c TimeZone=UTC -c statement_timeout=${timeoutMs} -c idle_in_transaction_session_timeout=${Math.max(timeoutMs * 6, 30_000)}`,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
