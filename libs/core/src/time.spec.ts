import { describe, expect, it } from 'vitest';
import { toIsoZ, toNaiveMicros, toUnixSeconds } from './time';

const ISO_Z_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NAIVE_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

describe('toIsoZ (webhook records: ISO 8601, microseconds, trailing Z)', () => {
  it.each([
    ['2026-11-21 10:00:00.123456+00', '2026-11-21T10:00:00.123456Z'],
    ['2026-11-21 10:00:00.12+00', '2026-11-21T10:00:00.120000Z'],
    ['2026-11-21 10:00:00.1+00', '2026-11-21T10:00:00.100000Z'],
    ['2026-11-21 10:00:00.000001+00', '2026-11-21T10:00:00.000001Z'],
    ['2026-11-21 10:00:00+00', '2026-11-21T10:00:00.000000Z'],
    ['2026-11-21 23:59:59.999999+00:00', '2026-11-21T23:59:59.999999Z'],
    ['2026-11-21 10:00:00.5-00', '2026-11-21T10:00:00.500000Z'],
    ['2026-11-21T10:00:00.123Z', '2026-11-21T10:00:00.123000Z'],
    ['2026-11-21 10:00:00.654321', '2026-11-21T10:00:00.654321Z'],
  ])('%s → %s', (raw, expected) => {
    expect(toIsoZ(raw)).toBe(expected);
    expect(toIsoZ(raw)).toMatch(ISO_Z_MICROS);
  });

  it.each([
    ['a non-UTC offset (would mislabel the time as UTC)', '2026-11-21 10:00:00.12+02'],
    ['a half-hour offset', '2026-11-21 10:00:00+05:30'],
    ['more than six fractional digits', '2026-11-21 10:00:00.1234567+00'],
    ['a date only', '2026-11-21'],
    ['garbage', 'yesterday'],
    ['an empty string', ''],
  ])('refuses %s', (_label, raw) => {
    expect(() => toIsoZ(raw)).toThrow(/Unexpected timestamp text/);
  });
});

describe('toNaiveMicros (video records: ISO 8601 without zone, microseconds)', () => {
  it.each([
    ['2026-11-21 10:00:00.12+00', '2026-11-21T10:00:00.120000'],
    ['2026-11-21 10:00:00+00', '2026-11-21T10:00:00.000000'],
    ['2026-01-02 03:04:05.060708+00', '2026-01-02T03:04:05.060708'],
  ])('%s → %s', (raw, expected) => {
    expect(toNaiveMicros(raw)).toBe(expected);
    expect(toNaiveMicros(raw)).toMatch(NAIVE_MICROS);
  });

  it('keeps the microseconds a JavaScript Date would drop', () => {
    const raw = '2026-11-21 10:00:00.123456+00';
    expect(new Date(raw.replace(' ', 'T').replace('+00', 'Z')).toISOString()).toBe(
      '2026-11-21T10:00:00.123Z',
    );
    expect(toNaiveMicros(raw).endsWith('.123456')).toBe(true);
  });
});

describe('toUnixSeconds', () => {
  it('reads the text as UTC and truncates to whole seconds', () => {
    expect(toUnixSeconds('2026-11-21 10:00:00+00')).toBe(Date.UTC(2026, 10, 21, 10, 0, 0) / 1000);
    expect(toUnixSeconds('2026-11-21 10:00:00.999999+00')).toBe(Date.UTC(2026, 10, 21, 10, 0, 0) / 1000);
    expect(toUnixSeconds('1970-01-01 00:00:01.5+00')).toBe(1);
  });
});
