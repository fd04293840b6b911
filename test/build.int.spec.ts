import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, REPO_ROOT, stopChild, waitFor } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const DIST = path.join(REPO_ROOT, 'dist');

/**
 * `npm run build` and what production runs (Dockerfile, NODE_ENV=production npm start): the
 * compiled JavaScript with plain node, no SWC and no TypeScript source on the way.
 */
describe('npm run build', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'vidgen-build-'));
  // Preloaded into the compiled processes: loading any .ts file is a failure of the build.
  const noTypeScript = path.join(tmp, 'no-typescript.cjs');
  writeFileSync(
    noTypeScript,
    "require.extensions['.ts'] = (m, file) => { throw new Error('compiled code loaded TypeScript: ' + file); };\n",
  );

  beforeAll(async () => {
    const { stdout } = await run('npm', ['run', 'build'], { cwd: REPO_ROOT, timeout: 280_000 });
    expect(stdout).toMatch(/\[build\] dist\/: \d+ packages/);
    expect(stdout).toMatch(/dashboard JavaScript: [\d.]+ kB gzipped/);
    expect(stdout).toMatch(/workflow-bundle\.js: [\d.]+ MB/);
    expect(stdout).toMatch(/dist\/sbom\.cdx\.json: CycloneDX [\d.]+, \d+ components/);
  }, 300_000);

  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes the apps, the libs and their package links under the git-ignored dist/', () => {
    for (const file of [
      'apps/api/src/main.js',
      'apps/worker/src/main.js',
      'apps/cli/src/main.js',
      'scripts/start.js',
      'scripts/migrate.js',
      'libs/workflows/src/workflows.js',
    ]) {
      expect(existsSync(path.join(DIST, file)), file).toBe(true);
    }
    expect(
      JSON.parse(readFileSync(path.join(DIST, 'node_modules/@vidgen/config/package.json'), 'utf8')),
    ).toMatchObject({ name: '@vidgen/config', main: 'src/index.js' });
    expect(readFileSync(path.join(REPO_ROOT, '.gitignore'), 'utf8')).toMatch(/^dist\/$/m);
    expect(existsSync(path.join(DIST, 'apps/api/src/app.module.spec.js'))).toBe(false);
  });

  it('the compiled api starts with plain node and answers /api/v1/health/live', async () => {
    const stack = inject('stack');
    const [port, metricsPort] = [await freePort(), await freePort()];
    let out = '';
    const api = spawn(process.execPath, ['-r', noTypeScript, path.join(DIST, 'apps/api/src/main.js')], {
      cwd: tmp,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        API_METRICS_PORT: String(metricsPort),
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        DATA_DIR: path.join(tmp, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout.on('data', (b) => (out += b));
    api.stderr.on('data', (b) => (out += b));
    try {
      await waitFor(
        async () => {
          if (api.exitCode !== null) throw new Error(`the compiled api exited:\n${out}`);
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/health/live`).catch(() => undefined);
          return res?.status === 200;
        },
        { timeoutMs: 90_000, intervalMs: 300, what: 'the compiled api' },
      );
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain(
        'vidgen_http_requests_total{method="GET",route="/api/v1/health/live",status="200"}',
      );
      // The web dashboard's build comes with it, served by the compiled api.
      const page = await fetch(`http://127.0.0.1:${port}/dashboard/videos`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<script type="module"[^>]+src="\/dashboard\/static\/[^"]+\.js"/);
      expect(out).not.toContain('compiled code loaded TypeScript');
    } finally {
      await stopChild(api, 10_000);
    }
  });

  it('writes a CycloneDX SBOM of the production packages: webpack in, dev tools out', () => {
    const sbom = JSON.parse(readFileSync(path.join(DIST, 'sbom.cdx.json'), 'utf8'));
    expect(sbom).toMatchObject({ bomFormat: 'CycloneDX', metadata: { component: { name: 'vidgen' } } });
    const names = new Set((sbom.components as { purl: string }[]).map((c) => c.purl.replace(/@[^@/]+$/, '')));
    // webpack: loaded by the worker's bundler, and left out by `npm sbom --omit dev` (a dev tool reaches it too).
    for (const name of [
      'pkg:npm/webpack',
      'pkg:npm/espeak-ng',
      'pkg:npm/%40temporalio/worker',
      'pkg:npm/%40vidgen/worker',
    ])
      expect(names.has(name), name).toBe(true);
    for (const name of ['pkg:npm/vitest', 'pkg:npm/vite', 'pkg:npm/%40biomejs/biome'])
      expect(names.has(name), name).toBe(false);
  });

  it('runs espeak-ng as its compiled program, a process of its own', async () => {
    const script = `
      const { readFileSync } = require('node:fs');
      const { EspeakProcess } = require(${JSON.stringify(path.join(DIST, 'libs/media/src/narrating/espeak-runtime.js'))});
      (async () => {
        const espeak = new EspeakProcess();
        const run = await espeak.run(['-q', '--ipa', '-v', 'en-us', '-f', '/in.txt'], { files: { '/in.txt': 'Hello.' } });
        const command = readFileSync('/proc/' + espeak.pid + '/cmdline', 'utf8').split('\\0');
        await espeak.close();
        console.log(JSON.stringify({ ipa: run.stdout.join(' ').trim(), command }));
      })();`;
    const { stdout } = await run(process.execPath, ['-r', noTypeScript, '-e', script], {
      cwd: tmp,
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.ipa).toBe('həlˈoʊ');
    expect(result.command).toEqual([
      process.execPath,
      path.join(DIST, 'libs/media/src/narrating/espeak.main.js'),
      '',
    ]);
  });

  it('writes the workflow bundle the compiled worker takes, and recorded histories replay on it', async () => {
    // Run from the compiled worker's folder, as the worker would resolve it.
    const script = `
      const { readdirSync, readFileSync } = require('node:fs');
      const path = require('node:path');
      const { historyFromJSON } = require('@temporalio/common/lib/proto-utils');
      const { Worker } = require('@temporalio/worker');
      const { prebuiltWorkflowBundlePath } = require('@vidgen/workflows');
      const codePath = prebuiltWorkflowBundlePath();
      const dir = ${JSON.stringify(path.join(REPO_ROOT, 'temporal', 'histories'))};
      const histories = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => ({
        workflowId: f, history: historyFromJSON(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))) }));
      (async () => {
        const failures = [];
        for await (const r of Worker.runReplayHistories({ workflowBundle: { codePath } }, histories))
          if (r.error) failures.push(r.workflowId + ': ' + r.error.message);
        console.log(JSON.stringify({ codePath, replayed: histories.length, failures }));
      })();`;
    const { stdout } = await run(process.execPath, ['-r', noTypeScript, '-e', script], {
      cwd: path.join(DIST, 'apps/worker'),
      timeout: 120_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.codePath).toBe(path.join(DIST, 'libs/workflows/src/workflow-bundle.js'));
    expect(readFileSync(result.codePath, 'utf8')).toContain('videoPipelineWorkflow');
    expect(result.replayed).toBeGreaterThanOrEqual(5);
    expect(result.failures).toEqual([]);
  });
});
