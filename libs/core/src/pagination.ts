import { ValidationError } from './errors';
import { toIsoZ } from './time';

/**
 * Keyset cursor over (created_at, id) of newest-first lists: `<microseconds since 1970>_<uuid>`.
 * Opaque to clients, but every string of CURSOR_PATTERN names a real position, so the pattern the
 * API document states is the whole rule: a client (or a fuzzer) that follows it is never refused.
 */
export const CURSOR_PATTERN =
  '^[0-9]{1,16}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const CURSOR = new RegExp(CURSOR_PATTERN);

/** `createdAt` is the raw timestamptz text from PostgreSQL; its microseconds survive. */
export function encodeCursor(createdAt: string, id: string): string {
  const iso = toIsoZ(createdAt);
  const micros = BigInt(Date.parse(`${iso.slice(0, 23)}Z`)) * 1000n + BigInt(iso.slice(23, 26));
  return `${micros}_${id.toLowerCase()}`;
}

/**
 * A cursor is not trusted: anything outside CURSOR_PATTERN is a 422 here, before it can reach
 * the database as a bad literal. The timestamp comes back as ISO 8601 UTC with microseconds.
 */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  if (!CURSOR.test(cursor)) {
    throw new ValidationError([
      { loc: ['query', 'cursor'], msg: 'invalid cursor: use next_cursor of a page' },
    ]);
  }
  const [digits, id] = cursor.split('_') as [string, string];
  const micros = BigInt(digits);
  const ms = new Date(Number(micros / 1000n)).toISOString();
  const createdAt = `${ms.slice(0, 23)}${String(micros % 1000n).padStart(3, '0')}Z`;
  return { createdAt, id: id.toLowerCase() };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Fetch `limit + 1` rows, keep `limit`, and hand out a cursor when there was one more. */
export function pageOf<T extends { createdAt: string; id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}
