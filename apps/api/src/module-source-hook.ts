import module from 'node:module';

/**
 * Runs `load` with the source of every module whose URL `matches` passed through `rewrite` as it
 * loads: a synchronous module hook, removed once `load` returns or throws, so only the modules
 * loaded meanwhile are touched. A Node without `module.registerHooks` (before 22.15) runs `load`
 * with the sources as they are.
 */
export function withModuleSources<T>(matches: RegExp, rewrite: (source: string) => string, load: () => T): T {
  if (typeof module.registerHooks !== 'function') return load();
  const hooks = module.registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      if (!matches.test(url) || loaded.source == null) return loaded;
      const source =
        typeof loaded.source === 'string'
          ? loaded.source
          : Buffer.from(loaded.source as Uint8Array).toString('utf8');
      const rewritten = rewrite(source);
      return rewritten === source ? loaded : { ...loaded, source: rewritten };
    },
  });
  try {
    return load();
  } finally {
    hooks.deregister();
  }
}
