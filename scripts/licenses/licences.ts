import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InventoryItem } from './inventory';
import { licenceProblems, SEPARATE_PROGRAMS } from './licence-policy';
import { type Lockfile, type ProductionPackage, productionPackages } from './npm-packages';
import { renderModels, renderNotices } from './render';

export const NOTICES_FILE = 'THIRD_PARTY_NOTICES.md';
export const MODELS_FILE = 'docs/models.md';
/** vidgen's own licence (LICENSE), which every package.json of the project states. */
export const PROJECT_LICENCE = 'Apache-2.0';

export interface LicencesOptions {
  /** The project: package-lock.json, node_modules and where the files are written. */
  root: string;
  /** Compare the files with what they would be instead of writing them. */
  check: boolean;
  inventory: InventoryItem[];
  /** Files the code reads from npm packages (package → paths), each of which the inventory must pin. */
  filesInUse: Record<string, string[]>;
  /** Pinned voices or models the inventory says nothing about. */
  gaps?: string[];
}

export interface LicencesResult {
  problems: string[];
  packages: ProductionPackage[];
  /** Files written (none with `check`). */
  written: string[];
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Source files of the services (apps/*\/src, libs/*\/src), relative to `root`. */
function serviceSources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${name}`;
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx|js|cjs|mjs)$/.test(name) && !/\.spec\.ts$/.test(name)) out.push(rel);
    }
  };
  for (const group of ['apps', 'libs']) {
    if (!existsSync(path.join(root, group))) continue;
    for (const pkg of readdirSync(path.join(root, group)))
      if (existsSync(path.join(root, group, pkg, 'src'))) walk(`${group}/${pkg}/src`);
  }
  return out;
}

/** The project's own packages (the root and every workspace) must each say Apache-2.0. */
function ownLicenceProblems(root: string): string[] {
  const manifests = ['package.json'];
  for (const group of ['apps', 'libs'])
    if (existsSync(path.join(root, group)))
      for (const dir of readdirSync(path.join(root, group)))
        if (existsSync(path.join(root, group, dir, 'package.json')))
          manifests.push(`${group}/${dir}/package.json`);
  return manifests
    .filter((m) => existsSync(path.join(root, m)))
    .filter((m) => JSON.parse(readFileSync(path.join(root, m), 'utf8')).license !== PROJECT_LICENCE)
    .map((m) => `${m}: "license" is not "${PROJECT_LICENCE}"`);
}

/** A separate program must be loaded by its entry file only: any other source that loads it is a problem. */
function separateProgramProblems(root: string, packages: readonly ProductionPackage[]): string[] {
  const programs = packages.filter((p) => SEPARATE_PROGRAMS[p.name]).map((p) => p.name);
  if (programs.length === 0) return [];
  const problems: string[] = [];
  for (const file of serviceSources(root)) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const name of programs) {
      const quoted = `['"\`]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^'"\`]*)?['"\`]`;
      const loads = new RegExp(`(require(\\.resolve)?\\(\\s*|from\\s+|import\\(\\s*)${quoted}`);
      if (loads.test(source) && file !== SEPARATE_PROGRAMS[name]!.entry)
        problems.push(
          `${file} loads ${name} (${SEPARATE_PROGRAMS[name]!.licence}), which only its separate program ${SEPARATE_PROGRAMS[name]!.entry} may`,
        );
    }
  }
  return problems;
}

function inventoryProblems(
  root: string,
  opts: LicencesOptions,
  npmVersions: ReadonlyMap<string, string>,
): string[] {
  const problems = [...(opts.gaps ?? [])];
  for (const item of opts.inventory) {
    if (!item.npm) continue;
    if (!npmVersions.has(item.npm)) {
      problems.push(
        `${item.name}: npm package ${item.npm} is not a production dependency in package-lock.json`,
      );
      continue;
    }
    for (const f of item.files) {
      const file = path.join(root, 'node_modules', item.npm, f.path);
      if (!existsSync(file)) problems.push(`${item.npm}/${f.path} is missing (npm ci installs it)`);
      else if (sha256(file) !== f.sha256)
        problems.push(
          `${item.npm}/${f.path}: SHA-256 ${sha256(file)} is not the ${f.sha256} scripts/licenses/inventory.ts pins`,
        );
    }
  }
  for (const [pkg, files] of Object.entries(opts.filesInUse)) {
    const pinned = new Set(
      opts.inventory.filter((i) => i.npm === pkg).flatMap((i) => i.files.map((f) => f.path)),
    );
    for (const f of files)
      if (!pinned.has(f))
        problems.push(`${pkg}/${f} is used but scripts/licenses/inventory.ts does not pin it`);
  }
  return problems;
}

/** Reads the lockfile and the installed packages, checks them, and writes (or compares) the two files. */
export function runLicences(opts: LicencesOptions): LicencesResult {
  const { root } = opts;
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const packages = productionPackages(root, lock);
  // Each package's version as the services resolve it from the root: the hoisted copy's.
  const npmVersions = new Map<string, string>();
  for (const p of packages) {
    const hoisted = lock.packages[`node_modules/${p.name}`]?.version;
    if (!npmVersions.has(p.name) || hoisted === p.version) npmVersions.set(p.name, p.version);
  }

  const problems = [
    ...licenceProblems(packages),
    ...packages
      .filter((p) => !p.platform && !p.texts)
      .map((p) => `${p.name}@${p.version} is in package-lock.json but not installed (run npm ci)`),
    ...ownLicenceProblems(root),
    ...separateProgramProblems(root, packages),
    ...inventoryProblems(root, opts, npmVersions),
  ];

  const files: [string, string][] = [
    [NOTICES_FILE, renderNotices(packages, opts.inventory, npmVersions)],
    [MODELS_FILE, renderModels(opts.inventory, npmVersions)],
  ];
  const written: string[] = [];
  for (const [name, content] of files) {
    const file = path.join(root, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (opts.check) {
      if (current !== content)
        problems.push(
          `${name} is ${current === undefined ? 'missing' : 'out of date'}: run npm run licenses`,
        );
    } else if (current !== content) {
      writeFileSync(file, content);
      written.push(name);
    }
  }
  return { problems, packages, written };
}
