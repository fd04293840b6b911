/**
 * `npm run tools:generators`: makes sure the pinned client generators (openapi-python-client and
 * openapi-generator, test/client-generators.e2e.spec.ts and the Python SDK in clients/python) are
 * installed under .tools/, from PyPI with pip, and that a Java runtime is there for
 * openapi-generator. A second run is a no-op.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureClientGenerators } from '@vidgen/devstack';

const log = (msg: string) => console.log(`[tools:generators] ${msg}`);

async function main(): Promise<void> {
  const gen = await ensureClientGenerators({ log });
  const env = { ...process.env, ...gen.env };
  const run = promisify(execFile);
  const opc = await run(gen.python, ['-m', 'openapi_python_client', '--version'], { env });
  const og = await run('openapi-generator-cli', ['version'], { env });
  log(`${gen.dir}: ${opc.stdout.trim()}, openapi-generator ${og.stdout.trim()}`);
}

main().catch((err) => {
  console.error(`[tools:generators] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
