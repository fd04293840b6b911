import { ConflictError } from '@vidgen/core';
import { type Database, sql, type Transaction } from '@vidgen/db';

/**
 * The Idempotency-Key a create request claimed, its request's hash and how long a key lasts. A
 * create records the key and hash in the transaction that commits what it makes, so a retry whose
 * claim was freed because the api died after that commit and before answering finds the first
 * result instead of making another (docs/decisions/0070-batch-durability-and-refunds.md).
 */
export interface CreateKey {
  key: string;
  hash: string;
  ttlHours: number;
}

/** The tables whose rows a create records its key in (migrations 0024 and 0025). */
type KeyedTable = 'batches' | 'videos';

/**
 * The id of what an earlier create under this key made within the key's lifetime, or undefined
 * (none, or no key). The same key with another request's hash is the interface's 409 CONFLICT.
 * Called under the account's lock, before anything is taken (quota, slots, credits), so two
 * retries cannot both create and a replay takes nothing. `scope` narrows the rows to those one
 * route makes, when two routes make rows of one table (the key store keys claims by route).
 */
export async function createdUnderKey(
  trx: Transaction<Database>,
  table: KeyedTable,
  accountId: string,
  key: CreateKey | undefined,
  scope = sql<boolean>`true`,
): Promise<string | undefined> {
  if (!key) return undefined;
  const { rows } = await sql<{ id: string; request_hash: string | null }>`
    select id, request_hash from ${sql.table(table)}
    where account_id = ${accountId} and idempotency_key = ${key.key}
      and created_at > now() - make_interval(hours => ${key.ttlHours}) and ${scope}
    order by created_at desc
    limit 1`.execute(trx);
  const earlier = rows[0];
  if (!earlier) return undefined;
  if (earlier.request_hash !== key.hash) {
    throw new ConflictError('This Idempotency-Key was already used with a different request body');
  }
  return earlier.id;
}

/** The columns a create writes with its row: the key and the hash, or nulls without a key. */
export function keyColumns(key: CreateKey | undefined): {
  idempotency_key: string | null;
  request_hash: string | null;
} {
  return { idempotency_key: key?.key ?? null, request_hash: key?.hash ?? null };
}
