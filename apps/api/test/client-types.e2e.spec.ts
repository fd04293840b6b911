import { describe, expect, inject, it } from 'vitest';
import { clientTypesFrom, committedClientTypes } from '../../../scripts/client-types';

/**
 * @vidgen/client's generated types are committed (libs/client/src/generated/api.d.ts). They must
 * be what the served document generates: a DTO changed without `npm run client:generate` fails here.
 */
describe('generated client types', () => {
  it('match the document the api serves (run `npm run client:generate` when this fails)', async () => {
    const res = await fetch(`${inject('stack').apiBaseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const generated = await clientTypesFrom((await res.json()) as Record<string, unknown>);
    // A line-by-line comparison, so a failure shows the lines that differ.
    expect(committedClientTypes().split('\n')).toEqual(generated.split('\n'));
  });
});
