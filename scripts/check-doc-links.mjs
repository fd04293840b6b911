#!/usr/bin/env node
// Fails when a file of the repository points at documentation that is not there: a `docs/…` path
// named in any file (code comments included), or a relative link in a Markdown file, whose file is
// missing, or whose `#anchor` names no heading of that Markdown file. Plain Node, no dependencies.
// Usage: node scripts/check-doc-links.mjs [files…] (default: every file git knows, ignored ones left out).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_BYTES = 2_000_000;

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules', 'dist', '.tools', '.data']);

function repositoryFiles() {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
  } catch {
    listed = walk('');
  }
  return [...new Set(listed)].filter((f) => existsSync(join(root, f)));
}

/** Without git (an exported tree): every file but the installed and generated folders. */
function walk(dir) {
  const files = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...walk(path));
    } else if (entry.isFile()) {
      files.push(path);
    }
  }
  return files;
}

function readText(path) {
  const st = statSync(path);
  if (!st.isFile() || st.size > MAX_BYTES) return null;
  const buf = readFileSync(path);
  if (buf.subarray(0, 8000).includes(0)) return null;
  return buf.toString('utf8');
}

/** Heading anchors of a Markdown file, as GitHub makes them (duplicates get -1, -2, …). */
const anchorCache = new Map();
function anchorsOf(path) {
  if (anchorCache.has(path)) return anchorCache.get(path);
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of (readText(path) ?? '').split('\n')) {
    const f = line.match(/^\s*(`{3,}|~{3,})/);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const h = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (h) {
      const text = h[1]
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/[`*_~]/g, (c) => (c === '_' ? '_' : ''));
      const base = text
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]);
  }
  anchorCache.set(path, anchors);
  return anchors;
}

/** A placeholder or a pattern rather than a path: `docs/<name>.md`, `docs/decisions/NNNN-slug.md`, `docs/*.md`. */
const isPattern = (p) => /[<>*{}…]|NNNN/.test(p);

const problems = [];
function check(file, lineNo, shown, target, anchor) {
  if (isPattern(target)) return;
  const rel = relative(root, target);
  if (rel.startsWith(`..${sep}`) || rel === '..') return; // outside the repository: not ours to judge
  if (!existsSync(target)) {
    problems.push(`${file}:${lineNo}: ${shown} → no such file or folder`);
    return;
  }
  if (anchor && target.endsWith('.md') && statSync(target).isFile()) {
    if (!anchorsOf(target).has(anchor.toLowerCase())) {
      problems.push(`${file}:${lineNo}: ${shown} → ${rel} has no heading for #${anchor}`);
    }
  }
}

// `docs/…` named as a path from the repository root, anywhere in a line.
const DOCS_PATH = /(?<![\w./@-])docs\/[\w./-]*[\w/](?:#[\w-]+)?/g;
// A Markdown link or image with a relative target.
const MD_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

const files = process.argv.length > 2 ? process.argv.slice(2) : repositoryFiles();
for (const file of files) {
  if (file === 'scripts/check-doc-links.mjs') continue;
  const abs = resolve(root, file);
  const text = readText(abs);
  if (text === null) continue;
  const markdown = file.endsWith('.md');
  const lines = text.split('\n');
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    for (const m of line.matchAll(DOCS_PATH)) {
      const [path, anchor] = m[0].split('#');
      check(file, i + 1, m[0], join(root, path.replace(/\.+$/, '')), anchor);
    }
    if (!markdown) continue;
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    if (fence) continue;
    for (const m of line.matchAll(MD_LINK)) {
      const url = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue; // http:, mailto:, …
      const [path, anchor] = url.split('#');
      const target = path === '' ? abs : url.startsWith('/') ? join(root, path) : resolve(dirname(abs), path);
      check(file, i + 1, url, decodeURIComponent(target), anchor);
    }
  }
}

if (problems.length > 0) {
  console.error(`Documentation references that lead nowhere (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-doc-links: ${files.length} files, every docs/ reference and Markdown link resolves`);
