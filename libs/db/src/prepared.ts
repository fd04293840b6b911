import { createHash } from 'node:crypto';
import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import type { Db } from './database';

/**
 * The statement name of each prepared query's SQL, derived from the SQL itself, so one name always
 * means one text, on every connection and every instance.
 */
const statementNames = new Map<string, string>();

/**
 * The name PostgreSQL keeps a prepared query's statement under, if `sql` is one (GuardedClient
 * sends it with the query). pg parses a named statement once per connection and afterwards only
 * binds and runs it, so PostgreSQL neither parses nor plans the hot reads again.
 */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A query that Kysely builds and compiles once, then runs with each call's values: the api's hot
 * reads (a video, a page of videos) built their query per request, and Kysely's building and
 * compiling was the largest share of the api's allocations (docs/decisions.md, "The request line,
 * and the api's CPU per request"). `build` is called once, with stand-ins for the values; it must
 * pass each value on only as a value of the query (never decide the query's shape with it), so
 * every stand-in becomes a parameter of the SQL and each call's value takes its place. A value
 * `build` does not use is ignored. The SQL runs as a named statement (`statementName`).
 */
export function prepared<Args extends unknown[], Row>(
  db: Db,
  build: (db: Db, ...values: Args) => Compilable<Row>,
): (...values: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;
  return async (...values) => {
    if (!compiled) {
      const standIns = values.map((_, i) => `\u0000prepared-value-${i}\u0000`);
      const query = build(db, ...(standIns as Args)).compile();
      const slots = query.parameters.map((p) => {
        const i = standIns.indexOf(p as string);
        return i < 0 ? undefined : i;
      });
      compiled = { query, slots };
      statementNames.set(
        query.sql,
        `vidgen_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`,
      );
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i]!]));
    return (await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() })).rows;
  };
}
