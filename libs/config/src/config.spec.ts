import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('DATABASE_TIMEOUT_MS', () => {
  it('defaults to 5 s and takes a whole number of milliseconds', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(5000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '3000' }).databaseTimeoutMs).toBe(3000);
  });

  it('refuses a value that would disable or defeat the bound', () => {
    for (const value of ['0', '-1', '2.5', 'soon']) {
      expect(() => loadConfig({ DATABASE_TIMEOUT_MS: value }), value).toThrow(ConfigError);
    }
  });
});
