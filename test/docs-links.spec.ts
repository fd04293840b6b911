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

/** GitHub's heading anchors: lower case, spaces to dashes, punctuation dropped. */
function anchorsOf(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

const code = ['apps', 'libs', 'scripts', 'test', 'bench'].flatMap((d) =>
  files(path.join(REPO_ROOT, d), /\.ts$/),
);
const docs = [...files(path.join(REPO_ROOT, 'docs'), /\.md$/), path.join(REPO_ROOT, 'README.md')];

describe('comments and docs point inside the repository', () => {
  it('no source file cites documents that are not in the repository', () => {
    const outside = /PRODUCT §|[Ii]nterface §|PRODUCT\.md|spec\/interface\.md/;
    const citing = code.filter(
      (f) => !f.endsWith('docs-links.spec.ts') && outside.test(readFileSync(f, 'utf8')),
    );
    expect(citing.map((f) => path.relative(REPO_ROOT, f))).toEqual([]);
  });

  it('every docs/<page>.md#anchor named in code or docs exists', () => {
    const broken: string[] = [];
    for (const file of [...code, ...docs]) {
      const text = readFileSync(file, 'utf8');
      const inDocs = file.includes(`${path.sep}docs${path.sep}`);
      const refs = [
        ...[...text.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => [m[1]!, m[2]] as const),
        // Relative links between the docs pages themselves.
        ...(inDocs
          ? [...text.matchAll(/\]\(([\w-]+\.md)(?:#([\w-]+))?\)/g)].map((m) => [m[1]!, m[2]] as const)
          : []),
      ];
      for (const [page, anchor] of refs) {
        const target = path.join(REPO_ROOT, 'docs', page);
        let body: string;
        try {
          body = readFileSync(target, 'utf8');
        } catch {
          broken.push(`${path.relative(REPO_ROOT, file)} → docs/${page}`);
          continue;
        }
        if (anchor && !anchorsOf(body).has(anchor))
          broken.push(`${path.relative(REPO_ROOT, file)} → docs/${page}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
