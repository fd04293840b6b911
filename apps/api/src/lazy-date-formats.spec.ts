import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyDateTimeFormats } from './lazy-date-formats';

const OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  day: '2-digit',
  month: '2-digit',
};
const WHEN = Date.UTC(2026, 10, 26, 9, 30, 5);

describe('lazyDateTimeFormats', () => {
  const Original = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = Original;
  });

  it('builds each formatter on its first use, with the arguments it was made with', () => {
    let built = 0;
    // A counting constructor in place of the real one, which lazyDateTimeFormats then defers.
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        built++;
      }
    } as typeof Intl.DateTimeFormat;
    const made = lazyDateTimeFormats(() => new Intl.DateTimeFormat('de-CH', { ...OPTIONS, timeZone: 'UTC' }));
    expect(built).toBe(0);
    const real = new Original('de-CH', { ...OPTIONS, timeZone: 'UTC' });
    expect(made.format(WHEN)).toBe(real.format(WHEN));
    expect(built).toBe(1);
    expect(made.formatToParts(WHEN)).toEqual(real.formatToParts(WHEN));
    expect(made.resolvedOptions()).toEqual(real.resolvedOptions());
    expect(made.formatRange(WHEN, WHEN + 86_400_000)).toBe(real.formatRange(WHEN, WHEN + 86_400_000));
    expect(built).toBe(1);
  });

  it('makes stand-ins only while loading, and puts the real constructor back even when loading fails', () => {
    lazyDateTimeFormats(() => {
      expect(Intl.DateTimeFormat).not.toBe(Original);
      expect(Intl.DateTimeFormat.supportedLocalesOf(['fr', 'xx-invalid-locale'])).toEqual(['fr']);
    });
    expect(Intl.DateTimeFormat).toBe(Original);
    expect(() =>
      lazyDateTimeFormats(() => {
        throw new Error('a module failed to load');
      }),
    ).toThrow('a module failed to load');
    expect(Intl.DateTimeFormat).toBe(Original);
    const made = lazyDateTimeFormats(() => new Intl.DateTimeFormat(undefined, OPTIONS));
    expect(made).toBeInstanceOf(Intl.DateTimeFormat);
    expect(made.format(WHEN)).toBe(new Intl.DateTimeFormat(undefined, OPTIONS).format(WHEN));
  });

  it("keeps the api's modules from building a formatter while they load, which Nest's do otherwise", () => {
    // Counts the real formatters built in a fresh process while the api's modules load.
    const built = (deferred: boolean) => {
      const serve = JSON.stringify(path.join(REPO_ROOT, 'apps/api/src/serve.ts'));
      const lazy = JSON.stringify(path.join(REPO_ROOT, 'apps/api/src/lazy-date-formats.ts'));
      const out = execFileSync(
        process.execPath,
        [
          '-r',
          '@swc-node/register',
          '-e',
          `let built = 0;
           const Real = Intl.DateTimeFormat;
           Intl.DateTimeFormat = class extends Real { constructor(...a) { super(...a); built++; } };
           const load = () => require(${serve});
           ${deferred ? `require(${lazy}).lazyDateTimeFormats(load);` : 'load();'}
           console.log(JSON.stringify({ built }));`,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
      return (JSON.parse(out.trim().split('\n').pop()!) as { built: number }).built;
    };
    expect(built(false)).toBeGreaterThan(0);
    expect(built(true)).toBe(0);
  });
});
