import { ValidationError } from './errors';
import { toIsoZ } from './time';

/** Opaque keyset cursor over (created_at, id), newest-first lists. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const invalid = new ValidationError([{ loc: ['query', 'cursor'], msg: 'invalid cursor' }]);
  if (!createdAt || !id || !/^[0-9a-f-]{36}$/i.test(id)) throw invalid;
  try {
    toIsoZ(createdAt); // the raw timestamptz text the cursor was made from
  } catch {
    throw invalid;
  }
  return { createdAt, id };
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
