import { existsSync } from 'node:fs';
import path from 'node:path';
import { pipInstallTool, TOOLS_DIR } from './pip-tool';

/** The API fuzzer `npm run fuzz` runs, pinned so a run today and a run next month check alike. */
export const PINNED_SCHEMATHESIS = { package: 'schemathesis', version: '4.32.5' } as const;

export function projectSchemathesisDir(): string {
  return path.join(TOOLS_DIR, `schemathesis-${PINNED_SCHEMATHESIS.version}`);
}

/** How to run the installed fuzzer: `python3 <entry> run …` with its folder on PYTHONPATH. */
export interface SchemathesisCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

function commandIn(dir: string): SchemathesisCommand {
  return {
    command: process.platform === 'win32' ? 'python' : 'python3',
    args: [
      '-c',
      'import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis(prog_name="st"))',
    ],
    env: { PYTHONPATH: dir, PYTHONDONTWRITEBYTECODE: '1', PYTHONUTF8: '1' },
  };
}

/**
 * The pinned schemathesis under .tools/, installed from PyPI with `pip install --target` the
 * first time (as the Temporal CLI and ffmpeg are), so nothing lands outside the project.
 */
export async function ensureSchemathesis(
  options: { log?: (msg: string) => void } = {},
): Promise<SchemathesisCommand> {
  const dir = projectSchemathesisDir();
  if (!existsSync(path.join(dir, 'schemathesis', '__init__.py'))) {
    options.log?.(
      `Installing ${PINNED_SCHEMATHESIS.package} ${PINNED_SCHEMATHESIS.version} from PyPI into .tools/`,
    );
    await pipInstallTool(`${PINNED_SCHEMATHESIS.package}==${PINNED_SCHEMATHESIS.version}`, dir);
  }
  return commandIn(dir);
}
