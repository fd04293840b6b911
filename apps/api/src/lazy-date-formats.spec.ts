import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';
import { deferNestFormatter } from './lazy-date-formats';

const API_SRC = path.join(REPO_ROOT, 'apps/api/src');
const NEST_LOGGERS = ['console-logger.service.js', 'logger.service.js'].map((f) =>
  path.join(REPO_ROOT, 'node_modules/@nestjs/common/services', f),
);

/** Runs `code` in a fresh node that loads TypeScript through SWC, as the api's tests start it; its last line is JSON. */
function runNode<T>(code: string): T {
  const out = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', code], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
  });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

/**
 * What a module or caller observes of `Intl.DateTimeFormat`: a formatter, the platform's brand
 * checks on it, a subclass with a method of its own, and a time zone that does not exist.
 */
const OBSERVE = `(Platform) => {
  const when = Date.UTC(2026, 10, 26, 9, 30, 5);
  const options = { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric', timeZone: 'UTC' };
  const attempt = (f) => { try { return f(); } catch (err) { return err.constructor.name + ': ' + err.message; } };
  const made = new Intl.DateTimeFormat('en-GB', options);
  class Stamp extends Intl.DateTimeFormat { stamp(d) { return '[' + this.format(d) + ']'; } }
  const P = Platform.prototype;
  return {
    constructorIsPlatform: Intl.DateTimeFormat === Platform,
    format: attempt(() => Object.getOwnPropertyDescriptor(P, 'format').get.call(made)(when)),
    formatToParts: attempt(() => P.formatToParts.call(made, when).length),
    formatRange: attempt(() => P.formatRange.call(made, when, when + 86400000)),
    resolvedOptions: attempt(() => P.resolvedOptions.call(made).timeZone),
    toString: Object.prototype.toString.call(made),
    instanceOfPlatform: made instanceof Platform,
    instanceOfGlobal: made instanceof Intl.DateTimeFormat,
    subclass: attempt(() => new Stamp('en-GB', options).stamp(when)),
    subclassInstanceOf: attempt(() => new Stamp('en-GB', options) instanceof Platform),
    invalidTimeZone: attempt(() => (new Intl.DateTimeFormat('en-GB', { timeZone: 'Nowhere/Invalid' }), 'built')),
    supportedLocalesOf: attempt(() => Intl.DateTimeFormat.supportedLocalesOf(['fr', 'de-CH']).join()),
  };
}`;

describe("the api's date formatters (lazy-date-formats.ts)", () => {
  it("the api's Intl.DateTimeFormat is the platform's: brand checks, subclasses and invalid time zones behave as in Node", () => {
    // The api's entry (main.ts) in a fresh process, with its require of serve.ts intercepted:
    // a module loading with the api's (`during`) and a caller once they are loaded (`after`)
    // observe Intl.DateTimeFormat, and must see what plain Node shows (`platform`).
    const { platform, during, after } = runNode<
      Record<'platform' | 'during' | 'after', Record<string, unknown>>
    >(
      `const Module = require('node:module');
       const Platform = Intl.DateTimeFormat;
       const observe = ${OBSERVE};
       const seen = { platform: observe(Platform) };
       const serveFile = ${JSON.stringify(path.join(API_SRC, 'serve.ts'))};
       const load = Module._load;
       Module._load = function (request, parent, isMain) {
         const loaded = load.apply(this, arguments);
         if (parent && Module._resolveFilename(request, parent) === serveFile) {
           Module._load = load;
           seen.during = observe(Platform);
           return { serve: async () => { seen.after = observe(Platform); console.log(JSON.stringify(seen)); } };
         }
         return loaded;
       };
       require(${JSON.stringify(path.join(API_SRC, 'main.ts'))});`,
    );
    expect(platform).toMatchObject({
      constructorIsPlatform: true,
      format: expect.stringContaining('2026'),
      toString: '[object Intl.DateTimeFormat]',
      subclass: expect.stringMatching(/^\[.*2026.*\]$/),
      invalidTimeZone: expect.stringMatching(/^RangeError/),
      supportedLocalesOf: 'fr,de-CH',
    });
    expect(during).toEqual(platform);
    expect(after).toEqual(platform);
  });

  it("keeps the api's modules from building a formatter while they load, which Nest's do otherwise", () => {
    // Counts the real formatters built in a fresh process while the api's modules load.
    const built = (deferred: boolean) => {
      const load = `() => require(${JSON.stringify(path.join(API_SRC, 'serve.ts'))})`;
      return runNode<{ built: number }>(
        `let built = 0;
         const Real = Intl.DateTimeFormat;
         Intl.DateTimeFormat = class extends Real { constructor(...a) { super(...a); built++; } };
         ${
           deferred
             ? `require(${JSON.stringify(path.join(API_SRC, 'lazy-date-formats.ts'))}).withNestFormattersOnFirstUse(${load});`
             : `(${load})();`
         }
         console.log(JSON.stringify({ built }));`,
      ).built;
    };
    expect(built(false)).toBeGreaterThan(0);
    expect(built(true)).toBe(0);
  });

  it("gives Nest's loggers the same timestamps, from a formatter built when they first print", () => {
    const seen = runNode<{
      before: number;
      console: string;
      logger: string;
      after: number;
      expected: string;
    }>(
      `let built = 0;
       const Real = Intl.DateTimeFormat;
       Intl.DateTimeFormat = class extends Real { constructor(...a) { super(...a); built++; } };
       const { ConsoleLogger, Logger } = require(${JSON.stringify(path.join(API_SRC, 'lazy-date-formats.ts'))})
         .withNestFormattersOnFirstUse(() => require('@nestjs/common'));
       const before = built;
       Date.now = () => Date.UTC(2026, 10, 26, 9, 30, 5);
       const stamps = { console: new ConsoleLogger().getTimestamp(), logger: Logger.getTimestamp() };
       new ConsoleLogger().getTimestamp();
       Logger.getTimestamp();
       const expected = new Real(undefined, { year: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', day: '2-digit', month: '2-digit' }).format(Date.now());
       console.log(JSON.stringify({ before, ...stamps, after: built, expected }));`,
    );
    expect(seen.before).toBe(0);
    expect(seen.console).toBe(seen.expected);
    expect(seen.logger).toBe(seen.expected);
    expect(seen.after).toBe(2); // one for each logger module, kept for its later lines
  });

  it("rewrites exactly the formatter in each of Nest's logger modules, and nothing else", () => {
    for (const file of NEST_LOGGERS) {
      const source = readFileSync(file, 'utf8');
      const rewritten = deferNestFormatter(source);
      expect(rewritten, file).not.toMatch(/const dateTimeFormatter = new Intl\.DateTimeFormat/);
      expect(rewritten.split('\n').length, file).toBe(source.split('\n').length);
      expect(rewritten.replace(/let dateTimeFormatterBuilt; .*?\} \}\);/s, ''), file).toBe(
        source.replace(/const dateTimeFormatter = new Intl\.DateTimeFormat\([^()]*\);/, ''),
      );
    }
    expect(deferNestFormatter('const other = new Intl.DateTimeFormat();')).toBe(
      'const other = new Intl.DateTimeFormat();',
    );
  });
});
