import type { BrandsTable, Database, Db, Selectable, Transaction } from '@vidgen/db';
import { sql } from '@vidgen/db';
import type { Brand, BrandSettings } from './brand.types';

const COLUMNS = ['id', 'account_id', 'name', 'settings', 'is_default', 'created_at', 'updated_at'] as const;
type Row = Pick<Selectable<BrandsTable>, (typeof COLUMNS)[number]>;

export interface BrandWrite {
  name: string;
  settings: BrandSettings;
  isDefault: boolean;
}

export class BrandRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async insert(accountId: string, input: BrandWrite, trx: Transaction<Database>): Promise<Brand> {
    if (input.isDefault) await this.clearDefault(accountId, trx);
    const row = await trx
      .insertInto('brands')
      .values({
        account_id: accountId,
        name: input.name,
        settings: JSON.stringify(input.settings),
        is_default: input.isDefault,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toBrand(row);
  }

  async update(accountId: string, id: string, input: BrandWrite, trx: Transaction<Database>): Promise<Brand> {
    if (input.isDefault) await this.clearDefault(accountId, trx, id);
    const row = await trx
      .updateTable('brands')
      .set({
        name: input.name,
        settings: JSON.stringify(input.settings),
        is_default: input.isDefault,
        updated_at: sql<string>`now()`,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toBrand(row);
  }

  async list(accountId: string): Promise<Brand[]> {
    const rows = await this.db
      .selectFrom('brands')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toBrand);
  }

  /** The brand, locked for update when a transaction is given (a write or delete follows). */
  async find(accountId: string, id: string, trx?: Transaction<Database>): Promise<Brand | undefined> {
    let q = (trx ?? this.db)
      .selectFrom('brands')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', '=', id);
    if (trx) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row && toBrand(row);
  }

  async findDefault(accountId: string, trx?: Transaction<Database>): Promise<Brand | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('brands')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('is_default', '=', true)
      .executeTakeFirst();
    return row && toBrand(row);
  }

  async delete(accountId: string, id: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom('brands').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Whether a video of the account that is not finished was made with the brand. */
  async inUseByVideoInProgress(accountId: string, id: string, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx
      .selectFrom('videos')
      .select('id')
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('status', 'not in', ['completed', 'failed'])
      .where(sql<string>`options->'brand'->>'id'`, '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async clearDefault(accountId: string, trx: Transaction<Database>, except?: string): Promise<void> {
    let q = trx
      .updateTable('brands')
      .set({ is_default: false })
      .where('account_id', '=', accountId)
      .where('is_default', '=', true);
    if (except) q = q.where('id', '!=', except);
    await q.execute();
  }
}

function toBrand(row: Row): Brand {
  const s = row.settings as BrandSettings;
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    isDefault: row.is_default,
    logo: s.logo ?? null,
    font: s.font ?? null,
    captions: s.captions ?? null,
    palette: s.palette ?? null,
    intro: s.intro ?? null,
    outro: s.outro ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
