import { hashToken } from '@vidgen/auth';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { cli, ok, singleJsonObject } from './support/cli';

describe('vidgen accounts login-link', () => {
  it('prints a one-time dashboard link under PUBLIC_BASE_URL, valid 15 minutes, stored only as a hash', async () => {
    const account = await ok('accounts', 'create', '--name', 'Link Co', '--json');
    const out = (await ok('accounts', 'login-link', '--account', account.id as string, '--json')) as {
      url: string;
      expires_at: string;
    };
    expect(Object.keys(out).sort()).toEqual(['expires_at', 'url']);
    const url = new URL(out.url);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8080/dashboard/login');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(out.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const minutes = (Date.parse(out.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const rows = await testDb()
      .selectFrom('login_links')
      .select(['token_hash', 'used_at'])
      .where('account_id', '=', account.id as string)
      .execute();
    expect(rows).toEqual([{ token_hash: hashToken(token), used_at: null }]);
  });

  it('takes --ttl-minutes', async () => {
    const account = await ok('accounts', 'create', '--name', 'Hour Co', '--json');
    const out = await ok(
      'accounts',
      'login-link',
      '--account',
      account.id as string,
      '--ttl-minutes',
      '60',
      '--json',
    );
    const minutes = (Date.parse(out.expires_at as string) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('refuses an unknown account with one JSON error object and exit code 1', async () => {
    const res = await cli(
      'accounts',
      'login-link',
      '--account',
      '00000000-0000-4000-8000-000000000000',
      '--json',
    );
    expect(res.code).toBe(1);
    expect(singleJsonObject(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'Account not found' } });
  });
});
