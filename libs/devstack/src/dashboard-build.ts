import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

export const DASHBOARD_SOURCE_DIR = path.join(REPO_ROOT, 'apps', 'dashboard');
export const DASHBOARD_DIST_DIR = path.join(DASHBOARD_SOURCE_DIR, 'dist');

export function dashboardBuilt(): boolean {
  return existsSync(path.join(DASHBOARD_DIST_DIR, 'index.html'));
}

function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }, 0);
}

/** Built, and not older than its sources (after a pull or an edit the build is redone). */
export function dashboardUpToDate(): boolean {
  if (!dashboardBuilt()) return false;
  // An image ships the build without the sources.
  if (!existsSync(path.join(DASHBOARD_SOURCE_DIR, 'src'))) return true;
  const built = statSync(path.join(DASHBOARD_DIST_DIR, 'index.html')).mtimeMs;
  const sources = Math.max(
    newestSource(path.join(DASHBOARD_SOURCE_DIR, 'src')),
    ...['index.html', 'vite.config.ts', 'package.json'].map(
      (f) => statSync(path.join(DASHBOARD_SOURCE_DIR, f)).mtimeMs,
    ),
  );
  return built >= sources;
}

/**
 * Builds the web dashboard (Vite) when apps/dashboard/dist is missing or older than its sources,
 * as `npm run build` would; `npm start` and the browser specs call it so a fresh clone (or a
 * pull) serves the current /dashboard without a manual step.
 */
export async function ensureDashboardBuilt(log: (m: string) => void = () => undefined): Promise<string> {
  if (dashboardUpToDate()) return DASHBOARD_DIST_DIR;
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite) || !existsSync(path.join(DASHBOARD_SOURCE_DIR, 'src'))) {
    // Production installs have no Vite: the api then answers /dashboard with "not built".
    log('the web dashboard is not built and cannot be built here (no Vite): run `npm run build`');
    return DASHBOARD_DIST_DIR;
  }
  log('building the web dashboard (apps/dashboard)…');
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], {
      cwd: DASHBOARD_SOURCE_DIR,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !dashboardBuilt()) throw new Error(`the dashboard build failed:\n${output.slice(-3000)}`);
  const size = /dashboard JavaScript: [^\n]*/.exec(output)?.[0];
  if (size) log(size);
  return DASHBOARD_DIST_DIR;
}
