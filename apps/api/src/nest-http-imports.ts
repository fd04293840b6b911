import { withModuleSources } from './module-source-hook';

/** A module of one of Nest's packages (ES modules since Nest 12). */
const NEST_MODULE = /\/node_modules\/@nestjs\/[^/]+\//;
/** A static import of Node's http or https module: its default, its namespace or names of it. */
const HTTP_IMPORT = /^import (?:(\w+)|\* as (\w+)|\{([^}]*)\}) from '(?:node:)?(https?)';$/gm;

/**
 * An ES module's source with its imports of `http` and `https` read from the built-in module's
 * own exports (`process.getBuiltinModule`) instead: the same objects and functions (a built-in's
 * default export and its namespace's members are its exports), one line for one line. The source is returned as it is when it imports neither.
 */
export function httpImportsFromBuiltin(source: string): string {
  return source.replace(
    HTTP_IMPORT,
    (_, byDefault?: string, whole?: string, names?: string, name?: string) => {
      const exports = `process.getBuiltinModule('node:${name}')`;
      if (byDefault ?? whole) return `const ${byDefault ?? whole} = ${exports};`;
      return `const {${names!.replace(/\s+as\s+/g, ': ')}} = ${exports};`;
    },
  );
}

/**
 * Runs `load` (requiring the api's modules) with Nest's modules reading `http` and `https` from
 * the built-in modules' exports instead of importing them as ES modules. Node builds an ES module
 * of a built-in by reading every one of its exports, and Node 24's `http` has three (WebSocket,
 * CloseEvent, MessageEvent) that load its bundled undici when read: about 4 MB of the api's memory
 * for a fetch and WebSocket client the api does not use. Only the sources of Nest's modules change,
 * while `load` runs (a synchronous module hook, removed once it returns or throws); `http` and its
 * exports stay the platform's for every other module and caller
 * (docs/decisions/0082-nest-http-imports.md). A Node without `module.registerHooks` (before 22.15)
 * loads Nest as it is.
 */
export function withNestHttpFromBuiltin<T>(load: () => T): T {
  return withModuleSources(NEST_MODULE, httpImportsFromBuiltin, load);
}
