import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A template is a stored POST /videos body with {{name}} placeholders; `variables` is derived
  // from it on every write (docs/decisions/0063-templates-and-batches.md).
  await sql`
    create table templates (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      name text not null,
      description text,
      request jsonb not null,
      variables text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index templates_account_page on templates (account_id, created_at desc, id desc)`.execute(
    db,
  );

  // A batch keeps each row's expanded request, so a template changed or deleted while it runs
  // changes none of its rows. A row's status is derived from its video; only `cancelled` is stored.
  await sql`
    create table batches (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      template_id uuid not null,
      status text not null default 'running' check (status in ('running', 'completed', 'cancelled')),
      total integer not null,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      workflow_started_at timestamptz
    )`.execute(db);
  await sql`create index batches_account_page on batches (account_id, created_at desc, id desc)`.execute(db);
  await sql`
    create table batch_rows (
      batch_id uuid not null references batches(id),
      index integer not null,
      variables jsonb not null,
      metadata jsonb,
      request jsonb not null,
      video_id uuid references videos(id),
      cancelled boolean not null default false,
      started_at timestamptz,
      primary key (batch_id, index)
    )`.execute(db);
  await sql`create unique index batch_rows_video on batch_rows (video_id) where video_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
