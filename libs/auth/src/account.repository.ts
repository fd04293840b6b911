import type { Db } from '@vidgen/db';

export const PLANS = ['free', 'starter', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  credits: number;
}

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async create(input: { name: string; plan: Plan }): Promise<Account> {
    const row = await this.db
      .insertInto('accounts')
      .values({ name: input.name, plan: input.plan })
      .returning(['id', 'name', 'plan', 'credits_balance'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, plan: row.plan as Plan, credits: row.credits_balance };
  }

  async find(accountId: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'plan', 'credits_balance'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, plan: row.plan as Plan, credits: row.credits_balance };
  }
}
