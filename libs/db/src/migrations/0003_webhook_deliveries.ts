import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Exhausted deliveries in a row; a webhook is set inactive when this reaches the configured limit.
  await sql`alter table webhooks add column consecutive_failures integer not null default 0`.execute(db);

  // One row per (occurrence of an event, webhook). The unique key is what makes a retried or
  // replayed publish create nothing twice; the row id is the X-Service-Delivery-Id and the
  // delivery workflow's id. `payload` is the exact JSON text that is signed and sent, kept so
  // every attempt and every redelivery sends the same bytes.
  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      webhook_id uuid not null references webhooks(id),
      account_id uuid not null references accounts(id),
      video_id uuid not null references videos(id),
      event text not null check (event in ('video.completed', 'video.failed')),
      occurrence_key text not null,
      payload text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'cancelled')),
      runs integer not null default 0,
      current_run_id text,
      next_retry_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint webhook_deliveries_occurrence_key unique (webhook_id, video_id, occurrence_key)
    )`.execute(db);
  await sql`create index webhook_deliveries_webhook_idx on webhook_deliveries(webhook_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index webhook_deliveries_video_idx on webhook_deliveries(video_id, occurrence_key)`.execute(
    db,
  );

  // Append-only: the code has no UPDATE or DELETE path for this table. `run` counts the
  // delivery's workflow runs (1 = the first delivery, 2… = redeliveries); (run, attempt) is
  // unique so a retried bookkeeping activity never logs an attempt twice.
  await sql`
    create table webhook_delivery_attempts (
      id uuid primary key default gen_random_uuid(),
      delivery_id uuid not null references webhook_deliveries(id),
      run integer not null,
      attempt integer not null,
      outcome text not null check (outcome in ('succeeded', 'failed')),
      attempted_at timestamptz not null,
      duration_ms integer,
      status_code integer,
      error text,
      next_retry_at timestamptz,
      created_at timestamptz not null default now(),
      unique (delivery_id, run, attempt)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
