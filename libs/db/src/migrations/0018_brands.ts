import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Brand kits (docs/decisions/0064-brand-kits.md): what a brand sets is one JSON document; a
  // video copies it at creation, so changing or deleting a brand never changes a video.
  await sql`
    create table brands (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      name text not null,
      settings jsonb not null,
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index brands_account_idx on brands(account_id, created_at)`.execute(db);
  // At most one default brand per account.
  await sql`create unique index brands_account_default_idx on brands(account_id) where is_default`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
