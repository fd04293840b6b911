import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each running api process, under a random id of its own, with a lease it renews on the
  // database's clock: an Idempotency-Key claim may be freed early only once its owner's lease
  // has expired (docs/decisions/0049-idempotency-claim-owners.md). Host, port and pid say where
  // it runs, for operators; they identify nothing (replicas and cluster workers repeat them).
  await sql`
    create table api_instances (
      id uuid primary key,
      host text not null,
      port integer not null,
      pid integer not null,
      started_at timestamptz not null default now(),
      lease_expires_at timestamptz not null
    )`.execute(db);
  // idempotency_keys.owner now holds an api_instances id. The claims still unanswered name their
  // owner by host and port (migration 0015), which proves no process gone: they become ownerless
  // and wait for the pending expiry (IDEMPOTENCY_PENDING_SECONDS). Answered claims keep the old
  // text, which nothing reads, until they expire.
  await sql`update idempotency_keys set owner = null where status_code is null and owner is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
