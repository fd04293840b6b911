import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Fixed-window counters shared by every api instance: one row per (limit key, window).
  await sql`
    create table rate_limit_counters (
      key text not null,
      window_start timestamptz not null,
      count integer not null,
      primary key (key, window_start)
    )`.execute(db);

  // Idempotency-Key records: the first response to a (account, route, key) is replayed for 24 h.
  await sql`
    create table idempotency_keys (
      account_id uuid not null references accounts(id),
      route text not null,
      key text not null,
      request_hash text not null,
      status_code integer,
      response jsonb,
      created_at timestamptz not null default now(),
      primary key (account_id, route, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys(created_at)`.execute(db);

  // Several ledger events can be appended in one transaction (an approval charges each item);
  // now() is the same for all of them, clock_timestamp() keeps the history in append order.
  await sql`alter table ledger_events alter column created_at set default clock_timestamp()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
