import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { CURSOR_PATTERN, decodeCursor, encodeCursor, pageOf } from './pagination';

describe('cursors', () => {
  it('round-trip the moment (to the microsecond) and the id', () => {
    const raw = '2026-11-21 20:30:58.147569+00';
    const id = 'e95bced8-87a3-47b0-8124-627ce40d01c2';
    const cursor = encodeCursor(raw, id);
    expect(cursor).toMatch(new RegExp(CURSOR_PATTERN));
    expect(decodeCursor(cursor)).toEqual({ createdAt: '2026-11-21T20:30:58.147569Z', id });
  });

  it('decode every string of the documented pattern to a real moment', () => {
    for (const cursor of [
      '0_00000000-0000-0000-0000-000000000000',
      '9999999999999999_FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      '1_e95bced8-87a3-47b0-8124-627ce40d01c2',
    ]) {
      const { createdAt } = decodeCursor(cursor);
      expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(Number.isNaN(Date.parse(createdAt))).toBe(false);
    }
  });

  it('reject anything outside the pattern with a 422-shaped error', () => {
    for (const bad of [
      '',
      'abc',
      '12_not-an-id',
      '-1_e95bced8-87a3-47b0-8124-627ce40d01c2',
      '99999999999999999_e95bced8-87a3-47b0-8124-627ce40d01c2',
      '12_e95bced8-87a3-47b0-8124-627ce40d01c2|extra',
      '12_e95bced8-87a3-47b0-8124-627ce40d01c2\u0000',
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
    expect(decodeCursor(page.nextCursor!)).toEqual({
      createdAt: '2026-11-21T10:00:02.000000Z',
      id: rows[1]!.id,
    });
  });
});
