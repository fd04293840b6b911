import { hash } from 'node:crypto';

/**
 * The statement name of each prepared query's SQL, derived from the SQL itself, so one name always
 * means one text, on every connection and every instance.
 */
const statementNames = new Map<string, string>();

/** Gives `sql` its statement name (`vidgen_` and 24 hex digits of its SHA-256). */
export function nameStatement(sql: string): void {
  statementNames.set(sql, `vidgen_${hash('sha256', sql, 'hex').slice(0, 24)}`);
}

/**
 * The name PostgreSQL keeps a prepared query's statement under, if `sql` is one (GuardedClient
 * sends it with the query). pg parses a named statement once per connection and afterwards only
 * binds and runs it, so PostgreSQL neither parses nor plans the hot reads again.
 */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}
