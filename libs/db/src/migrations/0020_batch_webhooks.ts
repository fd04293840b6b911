import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A delivery of `batch.completed` belongs to a batch, not a video
  // (docs/decisions/0063-templates-and-batches.md): one of the two is set. Its occurrence is
  // unique per (webhook, batch, occurrence key), as a video's is per (webhook, video, key).
  await sql`alter table webhook_deliveries alter column video_id drop not null`.execute(db);
  await sql`alter table webhook_deliveries drop constraint webhook_deliveries_event_check`.execute(db);
  await sql`alter table webhook_deliveries add constraint webhook_deliveries_event_check
    check (event in ('video.completed', 'video.failed', 'batch.completed'))`.execute(db);
  await sql`alter table webhook_deliveries add column batch_id uuid references batches(id)`.execute(db);
  await sql`alter table webhook_deliveries add constraint webhook_deliveries_subject
    check ((video_id is null) <> (batch_id is null))`.execute(db);
  await sql`create unique index webhook_deliveries_batch_occurrence
    on webhook_deliveries (webhook_id, batch_id, occurrence_key) where batch_id is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
