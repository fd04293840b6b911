import { randomUUID } from 'node:crypto';
import { AccountRepository } from '@vidgen/auth';
import { guardedPoolOf, type KyselyPlugin, prepared, sql, statementName } from '@vidgen/db';
import { describe, expect, it, vi } from 'vitest';
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

  it('is parsed once per connection, as a statement named after its SQL', async () => {
    await testDb()
      .connection()
      .execute(async (conn) => {
        const ours = () =>
          sql<{ name: string; statement: string }>`
            select name, statement from pg_prepared_statements
            where statement like '%generate_series(1, 12)%'`
            .execute(conn)
            .then((r) => r.rows);
        const firstN = prepared(conn, (q, n: number) =>
          q
            .selectFrom(sql<{ n: number }>`generate_series(1, 12)`.as('s'))
            .select(sql<number>`s`.as('n'))
            .limit(n),
        );
        expect(await ours()).toEqual([]);
        expect(await firstN(2)).toHaveLength(2);
        const [statement, ...others] = await ours();
        expect(others).toEqual([]);
        expect(statement!.name).toMatch(/^vidgen_[0-9a-f]{24}$/);
        expect(statementName(statement!.statement)).toBe(statement!.name);
        // Run again with other values: the same statement, not parsed a second time.
        expect(await firstN(9)).toHaveLength(9);
        expect(await ours()).toEqual([statement]);
      });
  });

  it("runs on the pool itself, without Kysely's executor, unless the Db has a plugin", async () => {
    const db = testDb();
    expect(guardedPoolOf(db)).toBeDefined();
    const firstN = (on: typeof db) =>
      prepared(on, (q, n: number) =>
        q
          .selectFrom(sql<{ n: number }>`generate_series(1, 5)`.as('s'))
          .select(sql<number>`s`.as('n'))
          .limit(n),
      );
    const executor = vi.spyOn(db, 'executeQuery');
    try {
      expect(await firstN(db)(2)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(executor).not.toHaveBeenCalled();
    } finally {
      executor.mockRestore();
    }
    // A plugin must see the query and its rows, so such a Db goes through Kysely.
    const seen: number[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        seen.push(args.result.rows.length);
        return args.result;
      },
    };
    const withPlugin = db.withPlugin(plugin);
    expect(guardedPoolOf(withPlugin)).toBeUndefined();
    expect(await firstN(withPlugin)(3)).toHaveLength(3);
    expect(seen).toEqual([3]);
  });

  it('reports a statement the server refuses and gives the connection back', async () => {
    const db = testDb();
    const inverse = prepared(db, (q, n: number) =>
      q
        .selectFrom(sql<{ n: number }>`generate_series(1, 1)`.as('s'))
        .select(sql<number>`1 / ${n}::int`.as('x')),
    );
    // More failures than the pool has connections: each one went back to it.
    for (let i = 0; i < 6; i++) await expect(inverse(0)).rejects.toMatchObject({ code: '22012' });
    expect(await inverse(1)).toEqual([{ x: 1 }]);
  });
});
