import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A video created under an Idempotency-Key (POST /videos, POST /videos/{id}/translations)
  // records the key and the request's hash in the transaction that creates it, as a batch does
  // (0024, docs/decisions/0070-batch-durability-and-refunds.md): a retry whose claim was freed
  // after the api died past the commit finds the video instead of making another. Looked up
  // under the account's lock, so no unique index is needed.
  await sql`alter table videos add column idempotency_key text, add column request_hash text`.execute(db);
  await sql`create index videos_idempotency on videos (account_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
