import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';
import { httpImportsFromBuiltin } from './nest-http-imports';

const API_SRC = path.join(REPO_ROOT, 'apps/api/src');
/** Nest's modules that import http or https (Nest 12.5). */
const NEST_HTTP_IMPORTERS = [
  '@nestjs/core/exceptions/base-exception-filter.js',
  '@nestjs/core/router/router-response-controller.js',
  '@nestjs/platform-express/adapters/express-adapter.js',
].map((f) => path.join(REPO_ROOT, 'node_modules', f));

/** Runs `code` in a fresh node that loads TypeScript through SWC, as the api's tests start it; its last line is JSON. */
function runNode<T>(code: string): T {
  const out = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', code], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

describe("Nest's http imports (nest-http-imports.ts)", () => {
  it("keeps Nest's packages from loading undici, which their http imports do otherwise", () => {
    // The Nest packages the api loads, in a fresh process. (The api's own modules are loaded
    // compiled in production; through SWC, a parameter typed with express's \`Request\` reads the
    // global \`Request\` for its decorator metadata, which loads undici by itself.)
    const loaded = (rewritten: boolean) => {
      const load =
        "() => ['@nestjs/common', '@nestjs/core', '@nestjs/platform-express'].map((p) => require(p))";
      return runNode<{ undici: boolean; serves: boolean; webSocket: string }>(
        `${
          rewritten
            ? `require(${JSON.stringify(path.join(API_SRC, 'nest-http-imports.ts'))}).withNestHttpFromBuiltin(${load});`
            : `(${load})();`
        }
         const undici = process.moduleLoadList.some((m) => m.includes('undici'));
         // Nest's rewritten modules work on the platform's own http module.
         const { ExpressAdapter } = require('@nestjs/platform-express');
         const adapter = new ExpressAdapter();
         adapter.initHttpServer({});
         const serves = typeof adapter.getHttpServer().listen === 'function';
         console.log(JSON.stringify({ undici, serves, webSocket: typeof require('node:http').WebSocket }));`,
      );
    };
    expect(loaded(false).undici).toBe(true);
    const seen = loaded(true);
    expect(seen.undici).toBe(false);
    expect(seen.serves).toBe(true);
    // http's own exports are untouched: reading one of undici's loads it as in plain Node.
    expect(seen.webSocket).toBe('function');
  });

  it("rewrites exactly the http and https imports of Nest's modules, one line for one line", () => {
    for (const file of NEST_HTTP_IMPORTERS) {
      const source = readFileSync(file, 'utf8');
      const rewritten = httpImportsFromBuiltin(source);
      expect(rewritten, file).not.toBe(source);
      expect(rewritten, file).not.toMatch(/from '(node:)?https?';/);
      expect(rewritten.split('\n').length, file).toBe(source.split('\n').length);
      const changed = rewritten.split('\n').filter((line, i) => line !== source.split('\n')[i]);
      for (const line of changed)
        expect(line, file).toMatch(/^const .* = process\.getBuiltinModule\('node:https?'\);$/);
    }
    expect(httpImportsFromBuiltin("import { STATUS_CODES, METHODS as verbs } from 'http';")).toBe(
      "const { STATUS_CODES, METHODS: verbs } = process.getBuiltinModule('node:http');",
    );
    expect(httpImportsFromBuiltin("import * as https from 'node:https';")).toBe(
      "const https = process.getBuiltinModule('node:https');",
    );
    expect(httpImportsFromBuiltin("import http from 'http';")).toBe(
      "const http = process.getBuiltinModule('node:http');",
    );
    // Anything else stays: other modules, a re-export, an import inside a line.
    for (const other of [
      "import { Readable } from 'stream';",
      "export { STATUS_CODES } from 'http';",
      "  import { STATUS_CODES } from 'http';",
      "import { request } from 'http2';",
    ]) {
      expect(httpImportsFromBuiltin(other)).toBe(other);
    }
  });
});
