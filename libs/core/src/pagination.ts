import { ValidationError } from './errors';
import { isUuid } from './ids';
import { toIsoZ } from './time';

/** Opaque keyset cursor over (created_at, id), newest-first lists. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

/**
 * A cursor is opaque to clients but not trusted: anything that does not decode to a real
 * timestamp and a UUID is a 422 here, before it can reach the database as a bad literal.
 */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const [createdAt, id] = parts;
  const invalid = new ValidationError([{ loc: ['query', 'cursor'], msg: 'invalid cursor' }]);
  if (parts.length !== 2 || !createdAt || !isUuid(id) || !isRealTimestamp(createdAt)) throw invalid;
  return { createdAt, id };
}

/** The raw timestamptz text a cursor is made from, naming a moment that exists (no 2026-02-30 or 25:00). */
function isRealTimestamp(raw: string): boolean {
  let iso: string;
  try {
    iso = toIsoZ(raw);
  } catch {
    return false;
  }
  const [y, mo, d, h, mi, s] = iso.split(/[-T:.]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 1970 &&
    y <= 9999 &&
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
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
