import path from 'node:path';

/**
 * True when this code runs as the JavaScript that `npm run build` wrote under dist/ (production),
 * false when it runs from the TypeScript sources through SWC (`npm start`, tests).
 */
export const COMPILED = __filename.endsWith('.js');

/** The repository (or image) root: compiled files sit one folder deeper, under dist/. */
export const REPO_ROOT = path.resolve(__dirname, COMPILED ? '../../../..' : '../../..');

/**
 * V8 heap settings of the long-running services, the same wherever they start (`npm start`,
 * the Dockerfile and compose, the tests' and benches' stacks). Under a steady stream of requests
 * V8 otherwise grows the young generation to 128 MB and lets garbage pile up in the old one long
 * before it collects: the api stood at ~510 MB RSS under `bench/api.ts` while its live heap was
 * 45–100 MB. A 4 MB semi-space keeps the young generation at 8 MB (16 MB held 32 MB of mostly
 * empty pages from start-up on); it costs the api ~5 % of its GET rate under `bench/api.ts`.
 * The api runs without V8's mid-tier compiler (Maglev), whose compilations held 27 MB more
 * under `bench/api.ts`, 50 MB more under a stream of readiness checks, at the same request rate
 * (docs/decisions/0020-service-memory.md). Nor does it let V8 allocate the objects of busy
 * allocation sites straight in the old generation (pretenuring): V8 chose that for the rows and
 * records of each request, which then died there, and a list under load paid a full collection
 * every 0.4 s for them (docs/decisions/0047-the-api-at-0-6x-and-150-mb.md#pretenuring-off-in-the-api).
 */
export const SERVICE_NODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'apps/api/src/main.ts': [
    '--max-semi-space-size=4',
    '--max-old-space-size=256',
    '--no-maglev',
    '--no-allocation-site-pretenuring',
  ],
  'apps/worker/src/main.ts': ['--max-semi-space-size=4', '--max-old-space-size=384'],
};

/**
 * The environment the long-running services start with, wherever they start (the Dockerfile
 * sets the same); a value already in the environment wins. One glibc malloc arena instead of one
 * per thread (up to 8 per core): the threads of V8, libuv and the Temporal core each kept an arena
 * of freed memory, 12 MB of the api's RSS and ~50 MB of a worker's, at the same throughput
 * (docs/decisions/0020-service-memory.md).
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1' };

/**
 * How to run one of this repository's TypeScript entry files (`apps/api/src/main.ts`) as a
 * child process: its compiled JavaScript with plain node when compiled (or when `compiled` asks
 * for the build's output), else through SWC; `env` is what a service adds to its environment.
 */
export function nodeEntry(
  entry: string,
  compiled = COMPILED,
): { args: string[]; file: string; env: Record<string, string> } {
  const flags = SERVICE_NODE_FLAGS[entry] ?? [];
  const env = SERVICE_NODE_FLAGS[entry] ? { ...SERVICE_ENV } : {};
  if (!compiled)
    return { args: [...flags, '-r', '@swc-node/register'], file: path.join(REPO_ROOT, entry), env };
  return { args: [...flags], file: path.join(REPO_ROOT, 'dist', entry.replace(/\.ts$/, '.js')), env };
}
