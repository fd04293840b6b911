import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What `npm run build` compiles (tsconfig.build.json) is what the image ships, so none of it is
 * test code: no spec, fake or stand-in, no test folder, and nothing that imports a test library,
 * a test folder or the stack harness. docs/decisions/0059-tests-and-benches-keep-their-own.md.
 */
describe('the production build', () => {
  const config = ts.readConfigFile(path.join(REPO_ROOT, 'tsconfig.build.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO_ROOT);
  const files = parsed.fileNames.map((f) => path.relative(REPO_ROOT, f));

  it('compiles the apps and the libs and no test code', () => {
    expect(files).toContain('apps/api/src/main.ts');
    expect(files).toContain('libs/ledger/src/ledger.repository.ts');
    const testCode = /\.spec\.ts$|(^|\/)test\/|(^|\/)[^/]*(fake|stand-in)[^/]*$|^libs\/stack-harness\//i;
    expect(files.filter((f) => testCode.test(f))).toEqual([]);
  });

  // @temporalio/testing is not on the list: `npm start` starts the SDK's Temporal dev server with it.
  it('imports no test library, no test folder and not the stack harness', () => {
    const testImport = /(?:from |import\(|require\()'(?:vitest|@vidgen\/stack-harness|[^']*\/test\/[^']*)'/;
    const importers = files.filter((f) => testImport.test(readFileSync(path.join(REPO_ROOT, f), 'utf8')));
    expect(importers).toEqual([]);
  });
});
