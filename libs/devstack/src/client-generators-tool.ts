import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { pipInstallTool, TOOLS_DIR } from './pip-tool';

/**
 * The client generators the API document is checked with (test/client-generators.e2e.spec.ts,
 * the Python SDK in clients/python), and what the clients they write need at run time, pinned so
 * a run today and a run next month generate alike. openapi-generator-cli's wheel bundles the
 * generator's jar; it runs on a Java runtime (17 or newer).
 */
export const PINNED_CLIENT_GENERATORS = [
  'openapi-python-client==0.29.1',
  'openapi-generator-cli==7.26.0',
  'ruff==0.17.6',
  'httpx==0.28.1',
  'attrs==26.1.0',
  'python-dateutil==2.9.0.post0',
  'pydantic==2.14.4',
  'typing-extensions==4.16.0',
  'urllib3==2.8.0',
] as const;

const VERSION_TAG = 'opc-0.29.1-og-7.26.0';

export function projectClientGeneratorsDir(): string {
  return path.join(TOOLS_DIR, `client-generators-${VERSION_TAG}`);
}

/** Environment that runs the installed generators (`python3 -m …`, their `bin/`) and the clients. */
export interface ClientGenerators {
  dir: string;
  python: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The pinned generators under .tools/, installed from PyPI with `pip install --target` the first
 * time, and a Java runtime checked for openapi-generator.
 */
export async function ensureClientGenerators(
  options: { log?: (msg: string) => void } = {},
): Promise<ClientGenerators> {
  const dir = projectClientGeneratorsDir();
  if (!existsSync(path.join(dir, 'openapi_generator_cli', '__init__.py'))) {
    options.log?.(`Installing ${PINNED_CLIENT_GENERATORS.join(' ')} from PyPI into .tools/`);
    await pipInstallTool(PINNED_CLIENT_GENERATORS, dir);
  }
  try {
    await promisify(execFile)('java', ['-version']);
  } catch {
    throw new Error(
      'openapi-generator needs a Java runtime (17 or newer) on PATH: on Debian or Ubuntu, `sudo apt-get install -y default-jre-headless`',
    );
  }
  const python = process.platform === 'win32' ? 'python' : 'python3';
  return {
    dir,
    python,
    env: {
      PYTHONPATH: dir,
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONUTF8: '1',
      PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  };
}
