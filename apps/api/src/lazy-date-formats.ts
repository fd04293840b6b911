import { withModuleSources } from './module-source-hook';

/** Nest's two logger modules, which each build a formatter for their timestamps when they load. */
const NEST_LOGGERS = /\/@nestjs\/common\/services\/(?:console-logger|logger)\.service\.js$/;
/** That formatter: a module-private constant, used only through `dateTimeFormatter.format(…)`. */
const NEST_FORMATTER = /const dateTimeFormatter = new Intl\.DateTimeFormat\(([^()]*)\);/;

/**
 * Nest's logger module source with its formatter built on first use: an object that builds the
 * real formatter, with the same arguments, the first time anything is read from it, and forwards
 * to it. The source is returned as it is when it holds no such formatter.
 */
export function deferNestFormatter(source: string): string {
  return source.replace(
    NEST_FORMATTER,
    (_, args: string) =>
      'let dateTimeFormatterBuilt; ' +
      'const dateTimeFormatter = new Proxy({}, { get(_, key) { ' +
      `const real = (dateTimeFormatterBuilt ??= new Intl.DateTimeFormat(${args})); ` +
      "const value = real[key]; return typeof value === 'function' ? value.bind(real) : value; } });",
  );
}

/**
 * Runs `load` (requiring the api's modules) with Nest's logger modules building their timestamp
 * formatter on first use. Each of them builds an `Intl.DateTimeFormat` when it loads, and building
 * one pages in about 8 MB of ICU's locale data, in every api process, for a logger the api
 * replaces with its own (NestPinoLogger). Only those two modules' source changes, as it loads
 * (a synchronous module hook, removed once `load` returns or throws): `Intl.DateTimeFormat`
 * stays the platform's for every other module and caller (docs/decisions/0055-date-formatters.md).
 * A Node without `module.registerHooks` (before 22.15) loads Nest as it is.
 */
export function withNestFormattersOnFirstUse<T>(load: () => T): T {
  return withModuleSources(NEST_LOGGERS, deferNestFormatter, load);
}
