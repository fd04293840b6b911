import { randomUUID } from 'node:crypto';
import { AccountRepository } from '@vidgen/auth';
import { prepared, sql } from '@vidgen/db';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';

describe('queries compiled once (prepared)', () => {
  it('runs each call with its own values, building the query only once', async () => {
    const db = testDb();
    const accounts = new AccountRepository(db);
    const a = await accounts.create({ name: `prepared-${randomUUID()}`, plan: 'pro' });
    const b = await accounts.create({ name: `prepared-${randomUUID()}`, plan: 'free' });
    let builds = 0;
    const byIdAndPlan = prepared(db, (q, id: string, plan: string, unused: string) => {
      builds++;
      void unused;
      return q
        .selectFrom('accounts')
        .select(['id', 'plan'])
        .where('id', '=', id)
        .where('plan', '=', plan)
        .where(sql<boolean>`${plan} = ${plan}`)
        .limit(1);
    });
    expect(await byIdAndPlan(a.id, 'pro', 'x')).toEqual([{ id: a.id, plan: 'pro' }]);
    expect(await byIdAndPlan(b.id, 'free', 'y')).toEqual([{ id: b.id, plan: 'free' }]);
    expect(await byIdAndPlan(a.id, 'free', 'z')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('passes on values that are not strings', async () => {
    const db = testDb();
    const firstN = prepared(db, (q, n: number) =>
      q
        .selectFrom(sql<{ n: number }>`generate_series(1, 10)`.as('s'))
        .select(sql<number>`s`.as('n'))
        .limit(n),
    );
    expect(await firstN(3)).toHaveLength(3);
    expect(await firstN(7)).toHaveLength(7);
  });
});
