import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The dashboard lists when each key was last used; written at most once a minute per key.
  await sql`alter table api_keys add column last_used_at timestamptz`.execute(db);

  // One-time sign-in links (docs/dashboard.md): only a hash of the token is stored.
  await sql`
    create table login_links (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index login_links_account_idx on login_links(account_id, created_at)`.execute(db);

  // Dashboard sessions: the cookie holds the token, the table only its hash.
  await sql`
    create table dashboard_sessions (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index dashboard_sessions_account_idx on dashboard_sessions(account_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
