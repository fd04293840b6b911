import { randomBytes } from 'node:crypto';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { sql } from '@vidgen/db';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { firstRefusal } from '../../../test/support/key-refusal';
import { ENDPOINTS, expectError, publicUrl, unissuedKey } from './support/auth-endpoints';

describe('API key authentication', () => {
  let owner: TestAccount;
  let anonymous: ApiClient;

  beforeAll(async () => {
    owner = await createAccount({ credits: 100 });
    anonymous = new ApiClient(inject('stack').apiBaseUrl);
  });

  it('accepts a valid key', async () => {
    const res = await owner.api.get('/callbacks');
    expect(res.status, res.text).toBe(200);
  });

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.route}`, e] as const))(
    'refuses %s without a key: 401 UNAUTHORIZED',
    async (_name, endpoint) => {
      const req = await endpoint.arrange(owner);
      expectError(
        await anonymous.request(endpoint.method, req.path, { body: req.body, form: req.form }),
        401,
        'UNAUTHORIZED',
      );
      await endpoint.unchanged?.(owner, req);
    },
  );

  it('refuses an empty X-Api-Key header: 401 UNAUTHORIZED', async () => {
    expectError(await anonymous.get('/callbacks', { 'X-Api-Key': '' }), 401, 'UNAUTHORIZED');
  });

  it.each([
    ['a well-formed key that was never issued', unissuedKey()],
    ['garbage', 'not-a-key'],
    ['a key of the wrong length', `vg_${'a'.repeat(20)}`],
    ['a secret with another prefix', `sk_${randomBytes(32).toString('base64url')}`],
    ['a very long value', `vg_${'a'.repeat(5000)}`],
  ])('refuses %s: 401 UNAUTHORIZED', async (_label, key) => {
    expectError(await anonymous.withKey(key).get('/callbacks'), 401, 'UNAUTHORIZED');
  });

  it('refuses a real key with one character changed: 401 UNAUTHORIZED', async () => {
    const last = owner.key.at(-1);
    const tampered = `${owner.key.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    expectError(await anonymous.withKey(tampered).get('/callbacks'), 401, 'UNAUTHORIZED');
  });

  it('refuses a key sent as Authorization: Bearer: 401 AUTH_ERROR', async () => {
    const res = await anonymous.get('/callbacks', { Authorization: `Bearer ${owner.key}` });
    expectError(res, 401, 'AUTH_ERROR');
    expect(res.body.error.message).toMatch(/X-Api-Key/);
  });

  it('uses X-Api-Key when an Authorization header is sent alongside it', async () => {
    const res = await owner.api.get('/callbacks', { Authorization: 'Bearer something-else' });
    expect(res.status, res.text).toBe(200);
  });

  it('refuses a revoked key: 401 INVALID_TOKEN, also on endpoints it lacks the scope for', async () => {
    const k = await owner.keyWith(['callbacks:read']);
    expect((await k.api.get('/callbacks')).status).toBe(200);
    const db = testDb();
    // Revoked by another process (as the CLI does): this api learns of it by notification.
    await new AuthService(new ApiKeyRepository(db), new AccountRepository(db)).revokeKey(k.id);
    const revokedAt = Date.now();

    expectError(await firstRefusal(() => k.api.get('/callbacks'), revokedAt), 401, 'INVALID_TOKEN');
    expectError(await k.api.get('/callbacks'), 401, 'INVALID_TOKEN');
    expectError(
      await k.api.post('/callbacks', { url: publicUrl(), event: 'video.completed' }),
      401,
      'INVALID_TOKEN',
    );
    // The account's other keys keep working.
    expect((await owner.api.get('/callbacks')).status).toBe(200);
  });

  it('refuses an expired key: 401 INVALID_TOKEN', async () => {
    const k = await owner.keyWith(['callbacks:*'], { expiresInDays: 30 });
    expect((await k.api.get('/callbacks')).status).toBe(200);
    await testDb()
      .updateTable('api_keys')
      .set({ expires_at: sql<string>`now() - interval '1 second'` })
      .where('id', '=', k.id)
      .execute();
    const res = await firstRefusal(() => k.api.get('/callbacks'), Date.now());
    expectError(res, 401, 'INVALID_TOKEN');
    expect(res.body.error.message).toMatch(/expired/i);
  });

  it('accepts a key until the moment it expires', async () => {
    const k = await owner.keyWith(['callbacks:read']);
    await testDb()
      .updateTable('api_keys')
      .set({ expires_at: sql<string>`now() + interval '1 hour'` })
      .where('id', '=', k.id)
      .execute();
    expect((await k.api.get('/callbacks')).status).toBe(200);
  });

  it('authenticates before it looks at the path: a malformed id without a key is 401, not 404', async () => {
    expectError(await anonymous.delete('/callbacks/not-a-uuid'), 401, 'UNAUTHORIZED');
  });
});
