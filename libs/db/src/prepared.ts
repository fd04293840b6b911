import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import { type Db, guardedPoolOf } from './database';
import { nameStatement } from './statement-names';

/**
 * A query that Kysely builds and compiles once, then runs with each call's values, as a named
 * statement on the guarded pool (why: docs/decisions/0044-request-line-and-cpu-per-request.md,
 * docs/decisions/0047-the-api-at-0-6x-and-150-mb.md#the-hot-reads-off-kyselys-executor).
 * `build` is called once, with stand-ins for the values; it must pass each value on only as a
 * value of the query (never decide the query's shape with it), so every stand-in becomes a
 * parameter of the SQL and each call's value takes its place. A value it does not use is ignored.
 */
export function prepared<Args extends unknown[], Row>(
  db: Db,
  build: (db: Db, ...values: Args) => Compilable<Row>,
): (...values: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;
  const pool = guardedPoolOf(db);
  return async (...values) => {
    if (!compiled) {
      const standIns = values.map((_, i) => `\u0000prepared-value-${i}\u0000`);
      const query = build(db, ...(standIns as Args)).compile();
      const slots = query.parameters.map((p) => {
        const i = standIns.indexOf(p as string);
        return i < 0 ? undefined : i;
      });
      compiled = { query, slots };
      nameStatement(query.sql);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i]!]));
    if (!pool) return (await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() })).rows;
    const client = await pool.connect();
    try {
      return (await client.query<Row>(query.sql, parameters)).rows;
    } finally {
      client.release();
    }
  };
}
