import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Deliveries of the gate, the stage changes and the draft (docs/decisions/0067-progress-and-events.md).
  await sql`alter table webhook_deliveries drop constraint webhook_deliveries_event_check`.execute(db);
  await sql`alter table webhook_deliveries add constraint webhook_deliveries_event_check
    check (event in ('video.completed', 'video.failed', 'batch.completed', 'video.awaiting_approval',
      'video.stage_changed', 'video.preview_ready'))`.execute(db);
  // The newest stage boundaries of all videos, from which the measured stage speeds come (ETA).
  await sql`create index video_events_stage_spans on video_events (created_at desc)
    where type in ('stage_started', 'stage_completed', 'awaiting_approval', 'completed', 'failed')`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
