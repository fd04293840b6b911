import { describe, expect, it } from 'vitest';
import { parseDuration, table } from './ops-lists';

describe('ops list helpers', () => {
  it('reads durations in seconds, minutes, hours, days and weeks, also combined', () => {
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('24h')).toBe(86_400);
    expect(parseDuration('1h30m')).toBe(5400);
    expect(parseDuration('7d')).toBe(604_800);
    expect(parseDuration('2w')).toBe(1_209_600);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '30', 'm', '1y', '1h x', 'yesterday', '-5m']) {
      expect(() => parseDuration(bad), bad).toThrow(/is not a duration/);
    }
  });

  it('prints a header, one line per video and a count; a sentence when empty', () => {
    expect(table([], 'no failed videos')).toBe('no failed videos');
    const out = table(
      [
        {
          id: 'a',
          account_id: 'b',
          status: 'failed',
          stage: 'rendering',
          failure_reason: { code: 'RENDER_TIMEOUT', message: 'm', stage: 'rendering' },
          updated_at: '2026-11-21T10:00:00.123456',
        },
      ],
      'none',
    ).split('\n');
    expect(out[0]).toMatch(/^ID\s+ACCOUNT\s+STATUS\s+STAGE\s+CODE\s+UPDATED \(UTC\)$/);
    expect(out[1]).toMatch(/^a\s+b\s+failed\s+rendering\s+RENDER_TIMEOUT\s+2026-11-21 10:00:00$/);
    expect(out[2]).toBe('1 video');
  });
});
