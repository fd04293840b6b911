import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';

const SKIP = new Set(['node_modules', '.git', '.tools', '.data', 'dist', 'histories']);

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full, ext);
    return ext.test(name) ? [full] : [];
  });
}

const code = ['apps', 'libs', 'scripts', 'test', 'bench'].flatMap((d) =>
  files(path.join(REPO_ROOT, d), /\.ts$/),
);

describe('comments and docs point inside the repository', () => {
  it('no source file cites documents that are not in the repository', () => {
    const outside = /PRODUCT §|[Ii]nterface §|PRODUCT\.md|spec\/interface\.md/;
    const citing = code.filter(
      (f) => !f.endsWith('docs-links.spec.ts') && outside.test(readFileSync(f, 'utf8')),
    );
    expect(citing.map((f) => path.relative(REPO_ROOT, f))).toEqual([]);
  });

  it('every docs/ path, Markdown link and #anchor named in the repository leads somewhere', () => {
    // One checker, also run by `npm run lint`: scripts/check-doc-links.mjs.
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/check-doc-links.mjs')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
