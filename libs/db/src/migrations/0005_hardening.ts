import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every approval and refund sums a video's charges; without this it scans the whole ledger.
  await sql`create index ledger_events_video_idx on ledger_events(video_id) where video_id is not null`.execute(
    db,
  );

  // The limit of concurrent videos counts an account's in-progress videos under its row lock:
  // reach them directly instead of walking all of the account's videos.
  await sql`create index videos_in_progress_idx on videos(account_id, status, awaiting_approval) where deleted_at is null`.execute(
    db,
  );

  // One payment credits at most one purchase, whichever account presents it.
  await sql`create unique index ledger_events_payment_reference_idx on ledger_events((metadata->>'payment_reference')) where kind = 'purchased'`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
