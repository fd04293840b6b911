import type { TemplatesTable } from '@vidgen/db';
import { beforeCursor, type Database, type Db, type Selectable, sql, type Transaction } from '@vidgen/db';

type Tx = Transaction<Database>;

export interface Template {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  /** A POST /videos body, as the client wrote it, with its placeholders. */
  request: Record<string, unknown>;
  /** The request's placeholder names, sorted and unique. */
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TemplateFields {
  name: string;
  description: string | null;
  request: Record<string, unknown>;
  variables: string[];
}

const COLUMNS = [
  'id',
  'account_id',
  'name',
  'description',
  'request',
  'variables',
  'created_at',
  'updated_at',
] as const;

function toTemplate(row: Selectable<TemplatesTable>): Template {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    request: row.request,
    variables: row.variables,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Templates of an account; every query takes the account id first. */
export class TemplateRepository {
  constructor(readonly db: Db) {}

  async create(accountId: string, t: TemplateFields, trx?: Tx): Promise<Template> {
    const row = await (trx ?? this.db)
      .insertInto('templates')
      .values({
        account_id: accountId,
        name: t.name,
        description: t.description,
        request: JSON.stringify(t.request),
        variables: t.variables,
        updated_at: sql`now()`,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  }

  async find(accountId: string, id: string, trx?: Tx): Promise<Template | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('templates')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toTemplate(row);
  }

  /** Newest first; `limit` rows after the cursor. */
  async list(
    accountId: string,
    q: { limit: number; cursor?: { createdAt: string; id: string } },
  ): Promise<Template[]> {
    let query = this.db.selectFrom('templates').select(COLUMNS).where('account_id', '=', accountId);
    if (q.cursor) query = query.where(beforeCursor(q.cursor));
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    return rows.map(toTemplate);
  }

  async update(accountId: string, id: string, t: TemplateFields, trx?: Tx): Promise<Template | undefined> {
    const row = await (trx ?? this.db)
      .updateTable('templates')
      .set({
        name: t.name,
        description: t.description,
        request: JSON.stringify(t.request),
        variables: t.variables,
        updated_at: sql`now()`,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toTemplate(row);
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('templates')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
