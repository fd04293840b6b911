import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after';

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 21, 10, 0, 0);

  it.each([
    ['0', 0],
    ['7', 7],
    [' 120 ', 120],
  ])('reads delay-seconds %j as %d', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it('reads an HTTP-date as the seconds until then, rounded up', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter(new Date(now + 1500).toUTCString(), now)).toBe(1);
  });

  it('reads a date in the past as no wait', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('takes the first of repeated headers', () => {
    expect(parseRetryAfter(['5', '60'], now)).toBe(5);
  });

  it.each([undefined, '', '-5', '1.5', 'soon', '12abc', '2026-11-21'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});
