import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { clientTypesFrom, committedClientTypes } from '../../../scripts/client-types';
import { filesUnder, generatePythonClient, PYTHON_GENERATED_DIR } from '../../../scripts/python-client';

async function servedDocument(): Promise<Record<string, unknown>> {
  const res = await fetch(`${inject('stack').apiBaseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The generated parts of the clients are committed: @vidgen/client's types
 * (libs/client/src/generated/api.d.ts) and the Python SDK's package (clients/python/vidgen/generated).
 * They must be what the served document generates: a DTO changed without `npm run client:generate`
 * fails here.
 */
describe('generated clients', () => {
  it('the TypeScript types match the document the api serves (run `npm run client:generate` when this fails)', async () => {
    const generated = await clientTypesFrom(await servedDocument());
    // A line-by-line comparison, so a failure shows the lines that differ.
    expect(committedClientTypes().split('\n')).toEqual(generated.split('\n'));
  });

  it('the Python SDK matches the document the api serves (run `npm run client:generate` when this fails)', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'vidgen-python-generated-'));
    try {
      await generatePythonClient(await servedDocument(), out);
      const fresh = filesUnder(out);
      const committed = filesUnder(PYTHON_GENERATED_DIR);
      expect([...committed.keys()]).toEqual([...fresh.keys()]);
      for (const [file, text] of fresh)
        expect({ file, lines: committed.get(file)?.split('\n') }).toEqual({ file, lines: text.split('\n') });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
