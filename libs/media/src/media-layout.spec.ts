import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layout of libs/media (docs/decisions/0058-media-layout.md): one folder per stage, what
 * stages share in common/, one factory that picks the providers, no source file too long to read.
 */

const SRC = __dirname;
const LIB = path.dirname(SRC);
const MAX_LINES = 350;

/** Every TypeScript file of the library (src and test), relative to libs/media. */
function sources(): string[] {
  return readdirSync(LIB, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(LIB, path.join(e.parentPath, e.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .sort();
}

/** Non-spec files under src/, relative to src/. */
function code(): string[] {
  return sources()
    .filter((file) => file.startsWith(`src${path.sep}`) && !file.endsWith('.spec.ts'))
    .map((file) => path.relative('src', file));
}

/** The relative modules a file imports or re-exports, resolved against src/. */
function relativeImports(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const found = [...text.matchAll(/(?:from|import|require)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)].map((m) => m[1]!);
  return found.map((specifier) => path.relative(SRC, path.resolve(SRC, path.dirname(file), specifier)));
}

const stageOf = (file: string): string | undefined => {
  const parts = file.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
};

describe('libs/media layout', () => {
  it('has stage folders that import only themselves and common/, and a common/ that imports no stage', () => {
    const crossings: string[] = [];
    for (const file of code()) {
      const stage = stageOf(file);
      // index.ts and providers.factory.ts join the stages.
      if (!stage) continue;
      for (const target of relativeImports(file)) {
        // The lexicon's word tables, under libs/media/data.
        if (target.startsWith(`..${path.sep}data${path.sep}`)) continue;
        const to = stageOf(target);
        if (to === stage || to === 'common') continue;
        crossings.push(`${file} → ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('keeps every source file at most 350 lines long', () => {
    const long = sources()
      .map((file) => ({ file, lines: readFileSync(path.join(LIB, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('compares provider names only in the providers factory', () => {
    const names = 'openai|llama|local|pexels|pixabay';
    const comparison = new RegExp(
      `(?:===|!==)\\s*'(?:${names})'|'(?:${names})'\\s*(?:===|!==)|case\\s+'(?:${names})'`,
    );
    const branching = code().filter(
      (file) =>
        file !== 'providers.factory.ts' && comparison.test(readFileSync(path.join(SRC, file), 'utf8')),
    );
    expect(branching).toEqual([]);
    // The factory does branch: the check looks where it should.
    expect(comparison.test(readFileSync(path.join(SRC, 'providers.factory.ts'), 'utf8'))).toBe(true);
  });
});
