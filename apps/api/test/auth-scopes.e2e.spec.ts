import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createAccount, type TestAccount } from '../../../test/support/api';
import { allBut, ENDPOINTS, expectError, familyOf } from './support/auth-endpoints';

describe('scope matrix', () => {
  let owner: TestAccount;

  for (const endpoint of ENDPOINTS) {
    describe(`${endpoint.method} ${endpoint.route} (needs ${endpoint.scope})`, () => {
      // An account per endpoint: approvals and creates then never compete for its 3 video slots.
      beforeAll(async () => {
        owner = await createAccount({ credits: 100, plan: 'pro' });
      });

      it(`refuses a key holding every other scope: 403 FORBIDDEN naming ${endpoint.scope}`, async () => {
        const k = await owner.keyWith(allBut(endpoint.scope));
        const req = await endpoint.arrange(owner);
        const res = await k.api.request(endpoint.method, req.path, { body: req.body, form: req.form });
        expectError(res, 403, 'FORBIDDEN');
        expect(res.body.error.message).toContain(endpoint.scope);
        await endpoint.unchanged?.(owner, req);
      });

      it.each([
        ['the exact scope', [endpoint.scope]],
        ['the family wildcard', [`${familyOf(endpoint.scope)}:*`]],
        ['the exact scope among others', ['videos:read', endpoint.scope, 'assets:*']],
      ])('accepts a key with %s', async (_label, scopes) => {
        const k = await owner.keyWith(scopes);
        const req = await endpoint.arrange(owner);
        const res = await k.api.request(endpoint.method, req.path, { body: req.body, form: req.form });
        expect(res.status, res.text).toBe(endpoint.success);
      });
    });
  }

  it('has a row for every documented operation of the families it covers', async () => {
    // A new endpoint in a covered family fails here until it gets a row.
    const doc = (await new ApiClient(inject('stack').apiBaseUrl).get('/openapi.json')).body;
    const families = new Set(ENDPOINTS.map((e) => e.route.split('/')[1]));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .map(([p, ops]) => [p.replace(/^\/api\/v1/, ''), ops] as const)
      .filter(([p]) => families.has(p.split('/')[1]))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.route}`).sort());
  });
});
