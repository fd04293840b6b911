import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { decodeCursor, encodeCursor, pageOf } from './pagination';

describe('cursors', () => {
  it('round-trip the raw PostgreSQL timestamp text and the id', () => {
    const raw = '2026-11-21 20:30:58.147569+00';
    const id = 'e95bced8-87a3-47b0-8124-627ce40d01c2';
    expect(decodeCursor(encodeCursor(raw, id))).toEqual({ createdAt: raw, id });
  });

  it('reject anything that is not a cursor with a 422-shaped error', () => {
    for (const bad of [
      '',
      'abc',
      encodeCursor('yesterday', 'x'),
      encodeCursor('2026-11-21 20:30:58+00', 'not-an-id'),
      // Right shape, but PostgreSQL would refuse the literal (a 500 before these were checked).
      encodeCursor('2026-13-45 99:00:00+00', 'e95bced8-87a3-47b0-8124-627ce40d01c2'),
      encodeCursor('2026-02-30 10:00:00+00', 'e95bced8-87a3-47b0-8124-627ce40d01c2'),
      encodeCursor('2026-11-21 20:30:58+00', '------------------------------------'),
      encodeCursor('2026-11-21 20:30:58+00', 'e95bced8-87a3-47b0-8124-627ce40d01c2|extra'),
      Buffer.from('2026-11-21 20:30:58+00|e95bced8-87a3-47b0-8124-627ce40d01c2\u0000').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(ValidationError);
    }
  });

  it('pageOf keeps `limit` rows and hands out a cursor only when there were more', () => {
    const rows = [1, 2, 3].map((n) => ({
      id: `00000000-0000-0000-0000-00000000000${n}`,
      createdAt: `2026-11-21 10:00:0${n}+00`,
    }));
    expect(pageOf(rows, 3).nextCursor).toBeNull();
    const page = pageOf(rows, 2);
    expect(page.items).toHaveLength(2);
    expect(decodeCursor(page.nextCursor!)).toEqual({ createdAt: rows[1]!.createdAt, id: rows[1]!.id });
  });
});
