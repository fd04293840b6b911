import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pgcrypto`.execute(db);

  await sql`
    create table accounts (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      plan text not null default 'free',
      credits_balance integer not null default 0 constraint accounts_balance_non_negative check (credits_balance >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      name text,
      prefix text not null,
      key_hash text not null unique,
      scopes text[] not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index api_keys_account_idx on api_keys(account_id)`.execute(db);

  // Append-only: the code has no UPDATE or DELETE path for this table.
  await sql`
    create table ledger_events (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      kind text not null check (kind in ('granted', 'purchased', 'charged', 'refunded')),
      amount integer not null,
      balance_after integer not null check (balance_after >= 0),
      video_id uuid,
      item text,
      reason text,
      idempotency_key text,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index ledger_events_idempotency_idx on ledger_events(account_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await sql`create index ledger_events_account_idx on ledger_events(account_id, created_at desc, id desc)`.execute(
    db,
  );

  await sql`
    create table webhooks (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      url text not null,
      event text not null,
      secret text not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create unique index webhooks_account_url_event_idx on webhooks(account_id, url, event) where deleted_at is null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
