import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LICENCE_OVERRIDES } from './licence-policy';

/**
 * The npm packages the services load: every package reachable in package-lock.json from the
 * `dependencies` (and optional and peer dependencies) of the root package and of each
 * workspace, followed the way Node resolves them; devDependencies are left out. This is the set
 * `npm ci --omit=dev` installs (the container image's node_modules). Each package's
 * licence comes from the lockfile (else its installed package.json, else LICENCE_OVERRIDES) and
 * its licence texts from its installed folder.
 */

export interface LockEntry {
  version?: string;
  license?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
}

export interface LicenceText {
  /** The file's name inside the package. */
  file: string;
  text: string;
}

export interface ProductionPackage {
  name: string;
  version: string;
  licence?: string;
  /** Why the licence is not the manifest's own (LICENCE_OVERRIDES). */
  overridden?: string;
  /** A platform binary, installed only on its OS and CPU (the lockfile's `os` / `cpu`). */
  platform: boolean;
  /** Its licence and notice files; undefined when it is not installed here. */
  texts?: LicenceText[];
}

const nameOf = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Where Node finds `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at >= 0 ? dir.slice(0, at) : '';
  }
}

/** Lockfile locations of the production packages (workspaces and their links excluded). */
export function productionLocations(lock: Lockfile): Set<string> {
  const root = lock.packages[''];
  if (!root) throw new Error('package-lock.json has no root package');
  const seen = new Set<string>();
  const queue: string[] = [''];
  // The workspaces are the root's dependencies too (npm links them into node_modules).
  for (const entry of Object.values(lock.packages))
    if (entry.link && entry.resolved && lock.packages[entry.resolved]) queue.push(entry.resolved);
  const visited = new Set<string>();
  while (queue.length > 0) {
    const location = queue.pop()!;
    if (visited.has(location)) continue;
    visited.add(location);
    const entry = lock.packages[location]!;
    // Optional dependencies and optional peers count where the lockfile has them: npm installs
    // them (`npm ci --omit=dev` too) and their dependent loads them when they are there.
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}),
    ];
    for (const name of wanted) {
      let found = resolveFrom(lock, location, name);
      if (!found) continue; // an optional dependency not in the lock
      const target = lock.packages[found]!;
      if (target.link) {
        found = target.resolved;
        if (!found || !lock.packages[found]) continue;
      }
      if (found.includes('node_modules/')) seen.add(found);
      queue.push(found);
    }
  }
  return seen;
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice|copyright)([-._ ].*)?$/i;

/** The licence and notice files at the top of an installed package, CRLF made LF. */
export function licenceTexts(dir: string): LicenceText[] {
  return readdirSync(dir)
    .filter((f) => LICENCE_FILE.test(f) && statSync(path.join(dir, f)).isFile())
    .sort()
    .map((file) => ({
      file,
      text: readFileSync(path.join(dir, file), 'utf8')
        .replace(/\r\n?/g, '\n')
        .replace(/[ \t]+$/gm, '')
        .trim(),
    }));
}

/** A manifest's licence as an expression: `license`, else the old `licenses` list (joined by OR). */
function manifestLicence(manifest: {
  license?: string | { type?: string };
  licenses?: { type?: string }[];
}): string | undefined {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  const types = (manifest.licenses ?? []).map((l) => l.type).filter((t): t is string => !!t);
  return types.length === 0 ? undefined : types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
}

/** The production packages of the project at `root`, one per name and version, in name order. */
export function productionPackages(root: string, lock: Lockfile): ProductionPackage[] {
  const byKey = new Map<string, ProductionPackage>();
  // A platform binary: limited to some OS or CPU and an optional dependency of its main package,
  // so that only the current platform's is installed.
  const optional = new Set(
    Object.values(lock.packages).flatMap((e) => Object.keys(e.optionalDependencies ?? {})),
  );
  for (const location of productionLocations(lock)) {
    const entry = lock.packages[location]!;
    const name = nameOf(location);
    const dir = path.join(root, location);
    const manifestPath = path.join(dir, 'package.json');
    const installed = existsSync(manifestPath);
    const manifest = installed ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;
    const version = entry.version ?? manifest?.version ?? '0.0.0';
    const key = `${name}@${version}`;
    if (byKey.has(key)) continue;
    const override = LICENCE_OVERRIDES[key];
    byKey.set(key, {
      name,
      version,
      licence: override?.licence ?? entry.license ?? (manifest ? manifestLicence(manifest) : undefined),
      overridden: override?.why,
      platform: !!(entry.os || entry.cpu) && optional.has(name),
      texts: installed ? licenceTexts(dir) : undefined,
    });
  }
  return [...byKey.values()].sort((a, b) =>
    a.name === b.name ? a.version.localeCompare(b.version) : a.name < b.name ? -1 : 1,
  );
}
