/**
 * `npm run screenshots`: the dashboard's browser specs on a real stack, saving a PNG of each page
 * into docs/screenshots/ as it goes (the same walk-through the spec checks, so the pictures show
 * what works). Needs what the integration specs need: PostgreSQL or the embedded one, the
 * Temporal CLI, ffmpeg and Chromium.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';

const result = spawnSync(
  process.execPath,
  [path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'apps/dashboard/test'],
  {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      DASHBOARD_SCREENSHOTS_DIR: process.env.DASHBOARD_SCREENSHOTS_DIR ?? 'docs/screenshots',
    },
  },
);
process.exit(result.status ?? 1);
