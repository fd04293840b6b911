import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Stack, startStack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, createAccount, type TestAccount, testDb } from '../../../test/support/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_Z_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const RECORD_FIELDS = ['created_at', 'event', 'id', 'is_active', 'secret', 'url', 'user_id'];

// No internet DNS here: successful creates use IP literals from public ranges.
const publicUrl = () => `https://93.184.216.34/hooks/${randomUUID()}`;

function expectValidationError(res: ApiResponse, loc: string[]): void {
  expect(res.status, res.text).toBe(422);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details.map((d: { loc: string[] }) => d.loc)).toContainEqual(loc);
}

/** The webhook record of docs/api.md#webhook-record, exactly. */
function expectWebhookRecord(
  body: Record<string, unknown>,
  expected: { accountId: string; url: string; event: string },
): void {
  expect(Object.keys(body).sort()).toEqual(RECORD_FIELDS);
  expect(body.id).toMatch(UUID);
  expect(body.user_id).toBe(expected.accountId);
  expect(body.url).toBe(expected.url);
  expect(body.event).toBe(expected.event);
  expect(typeof body.secret).toBe('string');
  expect((body.secret as string).length).toBeGreaterThanOrEqual(32);
  expect(body.is_active).toBe(true);
  expect(body.created_at).toMatch(ISO_Z_MICROS);
}

describe('callbacks (webhooks)', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createAccount({ scopes: ['callbacks:*'] });
  });

  describe('POST /callbacks', () => {
    it.each(['video.completed', 'video.failed'])(
      'creates a %s webhook: 201 with the full record',
      async (event) => {
        const url = publicUrl();
        const before = Date.now();
        const res = await account.api.post('/callbacks', { url, event });
        expect(res.status, res.text).toBe(201);
        expectWebhookRecord(res.body, { accountId: account.accountId, url, event });
        const created = Date.parse(res.body.created_at);
        expect(Math.abs(created - before)).toBeLessThan(60_000);
      },
    );

    it('keeps microsecond precision in created_at, as stored', async () => {
      const res = await account.api.post('/callbacks', { url: publicUrl(), event: 'video.completed' });
      const row = await testDb()
        .selectFrom('webhooks')
        .select('created_at')
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      // Raw timestamptz text in UTC, e.g. "2026-11-21 10:00:00.12345+00".
      const [, date, time, frac = ''] = /^(\S+) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?\+00$/.exec(row.created_at)!;
      expect(res.body.created_at).toBe(`${date}T${time}.${frac.padEnd(6, '0')}Z`);
    });

    it('gives every webhook its own secret', async () => {
      const a = await account.api.post('/callbacks', { url: publicUrl(), event: 'video.completed' });
      const b = await account.api.post('/callbacks', { url: publicUrl(), event: 'video.completed' });
      expect(a.body.secret).not.toBe(b.body.secret);
      expect(a.body.id).not.toBe(b.body.id);
    });

    it('accepts a public IPv6 literal and an explicit port', async () => {
      for (const url of [
        `https://[2606:4700:4700::1111]/h/${randomUUID()}`,
        `https://93.184.216.34:8443/h`,
      ]) {
        const res = await account.api.post('/callbacks', { url, event: 'video.failed' });
        expect(res.status, res.text).toBe(201);
        expect(res.body.url).toBe(url);
      }
    });

    it('refuses the same url and event twice: 409 CONFLICT', async () => {
      const url = publicUrl();
      expect((await account.api.post('/callbacks', { url, event: 'video.completed' })).status).toBe(201);
      const again = await account.api.post('/callbacks', { url, event: 'video.completed' });
      expect(again.status, again.text).toBe(409);
      expect(again.body.error.code).toBe('CONFLICT');
      const same = (await account.api.get('/callbacks')).body.filter((w: { url: string }) => w.url === url);
      expect(same).toHaveLength(1);
    });

    it('allows the same url for the other event', async () => {
      const url = publicUrl();
      expect((await account.api.post('/callbacks', { url, event: 'video.completed' })).status).toBe(201);
      expect((await account.api.post('/callbacks', { url, event: 'video.failed' })).status).toBe(201);
    });

    it('allows two accounts to register the same url and event', async () => {
      const other = await createAccount({ scopes: ['callbacks:*'] });
      const url = publicUrl();
      expect((await account.api.post('/callbacks', { url, event: 'video.completed' })).status).toBe(201);
      expect((await other.api.post('/callbacks', { url, event: 'video.completed' })).status).toBe(201);
    });

    it.each([
      ['http', 'http://93.184.216.34/hook'],
      ['ftp', 'ftp://93.184.216.34/hook'],
      ['no scheme', '93.184.216.34/hook'],
      ['not a URL', 'hook me'],
      ['empty', ''],
      ['a javascript: URL', 'javascript:alert(1)'],
    ])('refuses a url that is not https (%s): 422 at body.url', async (_label, url) => {
      expectValidationError(await account.api.post('/callbacks', { url, event: 'video.completed' }), [
        'body',
        'url',
      ]);
    });

    it('refuses a url longer than 2048 characters', async () => {
      const url = `https://93.184.216.34/${'a'.repeat(2048)}`;
      expectValidationError(await account.api.post('/callbacks', { url, event: 'video.completed' }), [
        'body',
        'url',
      ]);
    });

    it.each(['video.started', 'video.*', 'VIDEO.COMPLETED', '', 'video.completed ', 7, null])(
      'refuses the event %j: 422 at body.event',
      async (event) => {
        expectValidationError(await account.api.post('/callbacks', { url: publicUrl(), event }), [
          'body',
          'event',
        ]);
      },
    );

    it.each([
      ['localhost', 'https://localhost/hook'],
      ['loopback', 'https://127.0.0.1/hook'],
      ['loopback elsewhere in 127/8', 'https://127.0.0.2/hook'],
      ['IPv6 loopback', 'https://[::1]/hook'],
      ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook'],
      ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
      ['10/8', 'https://10.0.0.1/hook'],
      ['172.16/12', 'https://172.16.5.4/hook'],
      ['192.168/16', 'https://192.168.0.10/hook'],
      ['carrier-grade NAT', 'https://100.64.0.1/hook'],
      ['IPv6 unique local', 'https://[fd00::1]/hook'],
      ['unspecified', 'https://0.0.0.0/hook'],
      ['decimal loopback', 'https://2130706433/hook'],
      ['short loopback', 'https://127.1/hook'],
    ])('refuses a url that reaches %s: 422 at body.url', async (_label, url) => {
      const res = await account.api.post('/callbacks', { url, event: 'video.completed' });
      expectValidationError(res, ['body', 'url']);
    });

    it('says why a private destination is refused', async () => {
      const res = await account.api.post('/callbacks', {
        url: 'https://10.0.0.1/hook',
        event: 'video.failed',
      });
      expect(res.body.error.details[0].msg).toMatch(/public address/);
    });

    it('accepts a hostname that does not resolve (yet): each delivery checks it again', async () => {
      const res = await account.api.post('/callbacks', {
        url: `https://${randomUUID()}.invalid/hook`,
        event: 'video.completed',
      });
      expect(res.status, res.text).toBe(201);
    });

    it('refuses an IPv4-compatible IPv6 literal of a private address like its IPv4 form', async () => {
      for (const host of ['[::7f00:1]', '[::a9fe:a9fe]']) {
        const res = await account.api.post('/callbacks', {
          url: `https://${host}/hook`,
          event: 'video.failed',
        });
        expectValidationError(res, ['body', 'url']);
      }
    });

    it('stores nothing for a refused webhook', async () => {
      const url = 'https://169.254.169.254/latest/meta-data';
      await account.api.post('/callbacks', { url, event: 'video.completed' });
      const rows = await testDb()
        .selectFrom('webhooks')
        .select('id')
        .where('account_id', '=', account.accountId)
        .where('url', '=', url)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('GET /callbacks', () => {
    it('lists the account webhooks with their secrets, exactly as created', async () => {
      const fresh = await createAccount({ scopes: ['callbacks:*'] });
      expect((await fresh.api.get('/callbacks')).body).toEqual([]);
      const a = await fresh.api.post('/callbacks', { url: publicUrl(), event: 'video.completed' });
      const b = await fresh.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      const res = await fresh.api.get('/callbacks');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(2);
      for (const record of res.body) {
        expectWebhookRecord(record, { accountId: fresh.accountId, url: record.url, event: record.event });
      }
      const byId = new Map(res.body.map((w: { id: string }) => [w.id, w]));
      expect(byId.get(a.body.id)).toEqual(a.body);
      expect(byId.get(b.body.id)).toEqual(b.body);
    });
  });

  describe('DELETE /callbacks/{id}', () => {
    it('deletes: 204 with no body, then gone from the list, and a second delete is 404', async () => {
      const created = await account.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      expect(created.status).toBe(201);
      const res = await account.api.delete(`/callbacks/${created.body.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers.get('content-length') ?? '0').toBe('0');
      const ids = (await account.api.get('/callbacks')).body.map((w: { id: string }) => w.id);
      expect(ids).not.toContain(created.body.id);
      const again = await account.api.delete(`/callbacks/${created.body.id}`);
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('NOT_FOUND');
    });

    it('accepts the id in upper case', async () => {
      const created = await account.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      expect((await account.api.delete(`/callbacks/${created.body.id.toUpperCase()}`)).status).toBe(204);
    });

    it('frees the url and event for a new webhook', async () => {
      const url = publicUrl();
      const first = await account.api.post('/callbacks', { url, event: 'video.completed' });
      expect((await account.api.delete(`/callbacks/${first.body.id}`)).status).toBe(204);
      const second = await account.api.post('/callbacks', { url, event: 'video.completed' });
      expect(second.status, second.text).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
    });
  });

  describe('between accounts', () => {
    let owner: TestAccount;
    let stranger: TestAccount;
    let hook: { id: string; url: string };

    beforeAll(async () => {
      owner = await createAccount({ scopes: ['callbacks:*'] });
      stranger = await createAccount({ scopes: ['callbacks:*'] });
      const res = await owner.api.post('/callbacks', { url: publicUrl(), event: 'video.completed' });
      expect(res.status).toBe(201);
      hook = res.body;
    });

    it("does not list another account's webhooks", async () => {
      await stranger.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      const listed = (await stranger.api.get('/callbacks')).body as {
        id: string;
        user_id: string;
        url: string;
      }[];
      expect(listed.map((w) => w.id)).not.toContain(hook.id);
      expect(listed.map((w) => w.url)).not.toContain(hook.url);
      expect(listed.every((w) => w.user_id === stranger.accountId)).toBe(true);
    });

    it("answers 404 to a delete of another account's webhook and leaves it in place", async () => {
      const res = await stranger.api.delete(`/callbacks/${hook.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      const ids = (await owner.api.get('/callbacks')).body.map((w: { id: string }) => w.id);
      expect(ids).toContain(hook.id);
    });
  });
});

describe('callbacks with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1', () => {
  let stack: Stack;
  let account: TestAccount;

  beforeAll(async () => {
    const ctx = inject('stack');
    stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `${ctx.taskQueue}-private`,
      dataDir: path.join(ctx.dataDir, 'private-networks'),
      apiOnly: true,
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' },
    });
    account = await createAccount({ scopes: ['callbacks:*'], baseUrl: stack.baseUrl });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    'https://localhost/hook',
    'https://127.0.0.1/hook',
    'https://169.254.169.254/hook',
    'https://10.0.0.1/hook',
    'https://[::1]/hook',
  ])('accepts %s', async (url) => {
    const res = await account.api.post('/callbacks', { url, event: 'video.completed' });
    expect(res.status, res.text).toBe(201);
    expectWebhookRecord(res.body, { accountId: account.accountId, url, event: 'video.completed' });
  });

  it('still requires https', async () => {
    expectValidationError(
      await account.api.post('/callbacks', { url: 'http://127.0.0.1/hook', event: 'video.completed' }),
      ['body', 'url'],
    );
  });
});
