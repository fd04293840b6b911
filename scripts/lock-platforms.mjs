#!/usr/bin/env node
/**
 * Adds package-lock.json entries for other platforms' optional binary packages
 * (e.g. @swc/core-darwin-arm64) that `npm install` left out.
 *
 * Why: the registry mirror this project installs from lags behind for some platform builds
 * (it may not have @biomejs/cli-darwin-arm64 at the version @biomejs/biome asks for). `npm
 * install` skips an optional package it cannot fetch and writes no entry for it; `npm ci`
 * then finds the lock "out of sync" and refuses to install. An entry with the exact version
 * and its os/cpu/libc makes npm treat the package as not for this platform and skip it,
 * exactly as it does for a complete lock. No integrity is recorded for these entries:
 * they are never downloaded on Linux x64, and npm fills it in wherever they are installed.
 *
 * Run after changing dependencies: `node scripts/lock-platforms.mjs [lockfile]` (`--check` only
 * reports, exiting 1 when entries are missing). Plain Node, no dependencies: it runs before `npm ci`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OS = new Set(['android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'sunos', 'win32', 'aix']);
const CPU = new Set(['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64']);

/** `cli-linux-x64-musl` → {os: linux, cpu: x64, libc: musl}; undefined when the name names no platform. */
export function platformOf(packageName) {
  const tokens = packageName.split('/').pop().split('-');
  const osAt = tokens.findIndex((t) => OS.has(t));
  if (osAt < 0) return undefined;
  const cpu = tokens[osAt + 1]?.replace(/eabihf$/, '');
  if (!CPU.has(cpu)) return undefined;
  const abi = tokens.slice(osAt + 2).join('-');
  const os = tokens[osAt];
  let libc;
  if (os === 'linux') {
    if (/musl/.test(abi)) libc = 'musl';
    else if (/gnu/.test(abi)) libc = 'glibc';
  }
  return { os, cpu, libc };
}

export function addPlatformEntries(lock) {
  const packages = lock.packages;
  const added = [];
  for (const [where, entry] of Object.entries(packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      const nested = `${where ? `${where}/` : ''}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted]) continue;
      const record = { version: spec, cpu: [platform.cpu] };
      if (platform.libc) record.libc = [platform.libc];
      if (entry.license) record.license = entry.license;
      record.optional = true;
      record.os = [platform.os];
      if (entry.dev) record.dev = true;
      packages[hoisted] = record;
      added.push(`${name}@${spec}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  return added;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file =
    process.argv.slice(2).find((a) => !a.startsWith('--')) ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = addPlatformEntries(lock);
  if (process.argv.includes('--check')) {
    if (added.length) {
      console.error(`package-lock.json lacks ${added.length} platform entries: ${added.join(', ')}`);
      console.error('Run: node scripts/lock-platforms.mjs');
      process.exit(1);
    }
  } else if (added.length) {
    writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`added ${added.length} entries: ${added.join(', ')}`);
  } else {
    console.log('package-lock.json already lists every platform package');
  }
}
