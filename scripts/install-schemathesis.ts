/**
 * `npm run tools:schemathesis`: makes sure the pinned schemathesis (the API fuzzer behind
 * `npm run fuzz` and the fuzz spec) is installed under .tools/, from PyPI with pip. A second run
 * is a no-op.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureSchemathesis, projectSchemathesisDir } from '@vidgen/devstack';

const log = (msg: string) => console.log(`[tools:schemathesis] ${msg}`);

async function main(): Promise<void> {
  const st = await ensureSchemathesis({ log });
  const { stdout } = await promisify(execFile)(st.command, [...st.args, '--version'], {
    env: { ...process.env, ...st.env },
  });
  log(`${projectSchemathesisDir()}: ${stdout.trim()}`);
}

main().catch((err) => {
  console.error(`[tools:schemathesis] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
