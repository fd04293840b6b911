/**
 * Runs `load` (requiring modules) with `Intl.DateTimeFormat` making each formatter on its first
 * use, then puts the real constructor back. Nest's ConsoleLogger builds a formatter for its
 * timestamps when its module loads, and building one pages in about 8 MB of ICU's locale data,
 * in every api process, for a logger the api replaces with its own (NestPinoLogger). A formatter
 * made while `load` runs is a stand-in that builds the real one, with the same arguments, the
 * first time anything is read from it, and forwards everything to it from then on
 * (docs/decisions.md, "Date formatters on first use").
 */
export function lazyDateTimeFormats<T>(load: () => T): T {
  const Real = Intl.DateTimeFormat;
  const Lazy = function DateTimeFormat(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    let real: Intl.DateTimeFormat | undefined;
    const target = () => {
      real ??= new Real(...args);
      return real;
    };
    return new Proxy(Object.create(Real.prototype) as Intl.DateTimeFormat, {
      get: (_, key) => {
        const value: unknown = Reflect.get(target(), key);
        return typeof value === 'function' ? value.bind(target()) : value;
      },
      has: (_, key) => Reflect.has(target(), key),
    });
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Lazy, { prototype: Real.prototype, supportedLocalesOf: Real.supportedLocalesOf.bind(Real) });
  Intl.DateTimeFormat = Lazy;
  try {
    return load();
  } finally {
    Intl.DateTimeFormat = Real;
  }
}
