import type { Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Locks an account's row until the transaction ends and returns its balance (undefined when
 * there is no such account). Every decision that must not interleave with another on the same
 * account takes this lock first: the concurrency slots at create and approval, the balance
 * check of a charge, every ledger append. Lock order everywhere: the account row, then the
 * video row. `FOR NO KEY UPDATE` does not conflict with the key-share locks of foreign-key
 * checks (see docs/decisions/0003-video-lifecycle.md).
 */
export async function lockForUpdate(
  trx: Transaction<Database>,
  accountId: string,
): Promise<{ creditsBalance: number } | undefined> {
  const row = await trx
    .selectFrom('accounts')
    .select('credits_balance')
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row && { creditsBalance: row.credits_balance };
}
