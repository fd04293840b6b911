import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A batch created under an Idempotency-Key records the key and the request's hash in the
  // transaction that creates it (docs/decisions/0070-batch-durability-and-refunds.md): a retry
  // whose claim was freed after the api died past the commit finds the batch instead of making
  // another. Looked up under the account's lock, so no unique index is needed.
  await sql`alter table batches add column idempotency_key text, add column request_hash text`.execute(db);
  await sql`create index batches_idempotency on batches (account_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
