import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { firstRefusal } from '../../../test/support/key-refusal';
import { api, cli, ok, singleJsonObject, UUID } from './support/cli';

describe('vidgen CLI', () => {
  describe('keys', () => {
    let accountId: string;

    beforeAll(async () => {
      accountId = (await ok('accounts', 'create', '--name', 'Key Co', '--json')).id as string;
    });

    it('create prints {id, key, scopes} and the key works against the api', async () => {
      const out = await ok(
        'keys',
        'create',
        '--account',
        accountId,
        '--scopes',
        'callbacks:read, callbacks:write',
        '--name',
        'ci',
        '--json',
      );
      expect(Object.keys(out).sort()).toEqual(['id', 'key', 'scopes']);
      expect(out.id).toMatch(UUID);
      expect(out.key).toMatch(/^vg_[A-Za-z0-9_-]{43}$/);
      expect(out.scopes).toEqual(['callbacks:read', 'callbacks:write']);

      const client = api().withKey(out.key as string);
      const created = await client.post('/callbacks', {
        url: `https://93.184.216.34/hooks/${randomUUID()}`,
        event: 'video.completed',
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.user_id).toBe(accountId);
      const listed = await client.get('/callbacks');
      expect(listed.status).toBe(200);
      expect(listed.body.map((w: { id: string }) => w.id)).toContain(created.body.id);
    });

    it('stores only a hash of the key', async () => {
      const out = await ok('keys', 'create', '--account', accountId, '--scopes', 'videos:read', '--json');
      const row = await testDb()
        .selectFrom('api_keys')
        .select(['key_hash', 'prefix', 'name'])
        .where('id', '=', out.id as string)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).not.toContain((out.key as string).slice(3));
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect((out.key as string).startsWith(row.prefix)).toBe(true);
    });

    it('create gives a key only the scopes it names', async () => {
      const out = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:read', '--json');
      const client = api().withKey(out.key as string);
      expect((await client.get('/callbacks')).status).toBe(200);
      const refused = await client.post('/callbacks', {
        url: `https://93.184.216.34/hooks/${randomUUID()}`,
        event: 'video.failed',
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    });

    it('create with --expires-in-days sets the expiry', async () => {
      const out = await ok(
        'keys',
        'create',
        '--account',
        accountId,
        '--scopes',
        'callbacks:*',
        '--expires-in-days',
        '2',
        '--json',
      );
      const row = await testDb()
        .selectFrom('api_keys')
        .select('expires_at')
        .where('id', '=', out.id as string)
        .executeTakeFirstOrThrow();
      const expires = Date.parse(row.expires_at!.replace(' ', 'T').replace(/\+00$/, 'Z'));
      expect(Math.abs(expires - (Date.now() + 2 * 86_400_000))).toBeLessThan(5 * 60_000);
      expect(
        (
          await api()
            .withKey(out.key as string)
            .get('/callbacks')
        ).status,
      ).toBe(200);
    });

    it('create refuses an unknown scope with one JSON error object and exit code 1', async () => {
      const res = await cli(
        'keys',
        'create',
        '--account',
        accountId,
        '--scopes',
        'callbacks:read,admin:*',
        '--json',
      );
      expect(res.code).toBe(1);
      const out = singleJsonObject(res);
      expect(out).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: expect.any(String),
          details: [{ loc: ['scopes'], msg: expect.stringContaining('admin:*') }],
        },
      });
    });

    it('create refuses an unknown account', async () => {
      const res = await cli('keys', 'create', '--account', randomUUID(), '--scopes', 'videos:read', '--json');
      expect(res.code).toBe(1);
      expect(singleJsonObject(res)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('revoke makes the key answer 401 INVALID_TOKEN', async () => {
      const created = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:*', '--json');
      const client = api().withKey(created.key as string);
      expect((await client.get('/callbacks')).status).toBe(200);

      const revoked = await ok('keys', 'revoke', '--key-id', created.id as string, '--json');
      expect(revoked).toEqual({ id: created.id, revoked: true });

      // The api learns of a revocation made by another process within a bound, not instantly.
      const res = await firstRefusal(() => client.get('/callbacks'), Date.now());
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
    });

    it('revoke leaves the account’s other keys working', async () => {
      const keep = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:read', '--json');
      const drop = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:read', '--json');
      await ok('keys', 'revoke', '--key-id', drop.id as string, '--json');
      expect(
        (
          await api()
            .withKey(keep.key as string)
            .get('/callbacks')
        ).status,
      ).toBe(200);
    });

    it('revoke refuses an unknown key id', async () => {
      const res = await cli('keys', 'revoke', '--key-id', randomUUID(), '--json');
      expect(res.code).toBe(1);
      expect(singleJsonObject(res)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });
});
