import path from 'node:path';

/**
 * True when this code runs as the JavaScript that `npm run build` wrote under dist/ (production),
 * false when it runs from the TypeScript sources through SWC (`npm start`, tests).
 */
export const COMPILED = __filename.endsWith('.js');

/** The repository (or image) root: compiled files sit one folder deeper, under dist/. */
export const REPO_ROOT = path.resolve(__dirname, COMPILED ? '../../../..' : '../../..');

/**
 * V8 flags of the long-running services, the same wherever they start (`npm start`, the
 * Dockerfile and compose, the tests' and benches' stacks): a small young generation, no Maglev
 * and no pretenuring in the api, to hold their memory under load. Why each, with its figures:
 * docs/decisions/0020-service-memory.md and
 * docs/decisions/0047-the-api-at-0-6x-and-150-mb.md#pretenuring-off-in-the-api.
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
 * The environment the long-running services start with (the Dockerfile sets the same); a value
 * already in the environment wins. One glibc malloc arena instead of one per thread
 * (docs/decisions/0020-service-memory.md).
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1' };

/**
 * How long whatever stops a service (`npm start`'s supervisor, the tests' and benches' stacks)
 * waits after its SIGTERM before a SIGKILL, as Docker (the compose file's stop_grace_period) and
 * Kubernetes do: longer than the worker takes on its own, 25 s at most (SHUTDOWN_FORCE in
 * apps/worker/src/worker.ts; docs/decisions/0087-a-stopping-worker-keeps-its-tasks.md).
 */
export const SERVICE_STOP_TIMEOUT_MS = 30_000;

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
