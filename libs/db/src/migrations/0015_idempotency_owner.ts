import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which api instance (host and port) holds a claim still without a response: when that
  // instance starts again, the claims of its dead run are freed at once instead of after
  // IDEMPOTENCY_PENDING_SECONDS (docs/decisions/0034-the-slowest-video-of-a-crash-drill.md).
  await sql`alter table idempotency_keys add column owner text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
