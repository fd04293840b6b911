// `npm run build`: builds the web dashboard (Vite, into apps/dashboard/dist, which the api serves
// at /dashboard) and compiles apps/ and libs/ (and the start and migrate scripts) to JavaScript
// under dist/, mirroring the source tree (dist/apps/api/src/main.js), then makes each workspace
// package resolvable from there: dist/libs/<name>/package.json points at the compiled entry and
// dist/node_modules/@vidgen/<name> links to it. Node looks in dist/node_modules before the
// root node_modules (whose @vidgen links lead to the TypeScript sources), so compiled code only
// ever loads compiled code. Then it bundles the compiled workflows for the worker and writes the
// CycloneDX SBOM of the services' npm packages (dist/sbom.cdx.json).
// docs/decisions/0019-a-build-for-production.md.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

const linked = [];
for (const group of ['libs', 'apps']) {
  for (const dir of readdirSync(path.join(root, group))) {
    const manifest = path.join(root, group, dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    const compiled = { name: pkg.name, version: pkg.version, private: true };
    if (pkg.main) compiled.main = pkg.main.replace(/\.ts$/, '.js');
    const out = path.join(dist, group, dir);
    if (!existsSync(path.join(out, compiled.main ?? 'src/index.js'))) continue; // nothing compiled here
    writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(compiled, null, 2)}\n`);
    const link = path.join(dist, 'node_modules', pkg.name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.relative(path.dirname(link), out), link, 'dir');
    linked.push(pkg.name);
  }
}
console.log(`[build] dist/: ${linked.length} packages (${linked.join(', ')})`);

// The workflow bundle, made once here from the compiled workflows instead of by every worker at
// start-up; the compiled @vidgen/workflows names both files (prebuiltWorkflowBundlePath picks it up).
const workflows = require(path.join(dist, 'libs', 'workflows', 'src', 'index.js'));
const { bundleWorkflowCode } = require('@temporalio/worker');
const quiet = () => undefined;
const bundle = await bundleWorkflowCode({
  workflowsPath: workflows.workflowsPath(),
  logger: { trace: quiet, debug: quiet, info: quiet, log: quiet, warn: console.warn, error: console.error },
});
const bundlePath = workflows.builtWorkflowBundlePath();
writeFileSync(bundlePath, bundle.code);
console.log(`[build] ${path.relative(root, bundlePath)}: ${(bundle.code.length / 1e6).toFixed(2)} MB`);

// The CycloneDX SBOM of the services: npm's own `npm sbom`, over the installed tree, kept to the
// packages `npm ci --omit=dev` installs (the image's node_modules): every package the lockfile
// does not mark dev-only, and the workspaces. `--omit dev` itself is not used: it also drops
// production packages that a dev tool reaches too (webpack, which the worker's bundler loads,
// because a dev dependency has it as an optional peer). docs/decisions/0056-licence-and-provenance.md.
const npmCli = process.env.npm_execpath?.endsWith('.js') ? process.env.npm_execpath : undefined;
const sbom = JSON.parse(
  execFileSync(
    npmCli ? process.execPath : 'npm',
    [...(npmCli ? [npmCli] : []), 'sbom', '--sbom-format', 'cyclonedx', '--offline'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  ).toString('utf8'),
);
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const shipped = new Set();
for (const [location, entry] of Object.entries(lock.packages)) {
  if (location === '' || entry.dev || entry.link) continue;
  const name = entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
  shipped.add(`${name}@${entry.version}`);
}
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
sbom.metadata.component.name = rootPackage.name; // npm names it after the folder
sbom.components = sbom.components.filter((c) => shipped.has(c['bom-ref']));
const kept = new Set([sbom.metadata.component['bom-ref'], ...sbom.components.map((c) => c['bom-ref'])]);
sbom.dependencies = (sbom.dependencies ?? [])
  .filter((d) => kept.has(d.ref))
  .map((d) => ({ ...d, dependsOn: (d.dependsOn ?? []).filter((r) => kept.has(r)) }));
writeFileSync(path.join(dist, 'sbom.cdx.json'), `${JSON.stringify(sbom, null, 2)}\n`);
console.log(
  `[build] dist/sbom.cdx.json: CycloneDX ${sbom.specVersion}, ${sbom.components.length} components`,
);

// The dashboard: its own Vite build, which prints the gzipped JavaScript size and fails over budget.
// Built aside and then copied over the served folder, assets before the page that names them,
// so an api serving apps/dashboard/dist meanwhile never finds it empty or half written.
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const dashboard = path.join(root, 'apps', 'dashboard');
const served = path.join(dashboard, 'dist');
const built = path.join(dashboard, `.dist-${process.pid}`);
try {
  // A production build whatever NODE_ENV the caller has (a test runner's `test` would give a
  // development React that does not render), as ensureDashboardBuilt builds it.
  execFileSync(process.execPath, [vite, 'build', '--outDir', built, '--emptyOutDir'], {
    cwd: dashboard,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const files = readdirSync(built, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(built, path.join(e.parentPath, e.name)))
    .sort((a, b) => Number(a === 'index.html') - Number(b === 'index.html'));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(served, file)), { recursive: true });
    copyFileSync(path.join(built, file), path.join(served, file));
  }
  // What the new build no longer has (assets of an earlier build, by their hashed names).
  const kept = new Set(files);
  for (const e of readdirSync(served, { recursive: true, withFileTypes: true })) {
    const file = path.relative(served, path.join(e.parentPath, e.name));
    if (e.isFile() && !kept.has(file)) rmSync(path.join(served, file));
  }
} finally {
  rmSync(built, { recursive: true, force: true });
}
console.log('[build] apps/dashboard/dist: the web dashboard');
