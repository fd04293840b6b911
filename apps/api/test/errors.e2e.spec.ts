import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort } from '@vidgen/devstack';
import { type Stack, startStack } from '@vidgen/stack-harness';
import { VideoRepository, videoOptions } from '@vidgen/videos';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ApiClient,
  type ApiResponse,
  createAccount,
  type TestAccount,
  testDb,
} from '../../../test/support/api';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** docs/api.md#errors: exactly code, message, request_id (+ details for validation errors). */
function expectStandardError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  const keys =
    code === 'VALIDATION_ERROR'
      ? ['code', 'details', 'message', 'request_id']
      : ['code', 'message', 'request_id'];
  expect(Object.keys(res.body.error).sort()).toEqual(keys);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
}

function expectDetail(res: ApiResponse, loc: (string | number)[]): void {
  const details = res.body.error.details as { loc: unknown[]; msg: unknown }[];
  expect(Array.isArray(details)).toBe(true);
  for (const d of details) {
    expect(Object.keys(d).sort()).toEqual(['loc', 'msg']);
    expect(typeof d.msg).toBe('string');
    expect((d.msg as string).length).toBeGreaterThan(0);
  }
  expect(details.map((d) => d.loc)).toContainEqual(loc);
}

const validBody = () => ({ url: `https://93.184.216.34/hooks/${randomUUID()}`, event: 'video.completed' });

describe('error responses', () => {
  let account: TestAccount;
  let anonymous: ApiClient;

  beforeAll(async () => {
    account = await createAccount({ scopes: ['callbacks:*'] });
    anonymous = new ApiClient(inject('stack').apiBaseUrl);
  });

  describe('400 BAD_REQUEST', () => {
    it.each([
      ['truncated JSON', '{"url": "https://93.184.216.34/h", "event":'],
      ['a trailing comma', '{"url": "https://93.184.216.34/h",}'],
      ['single quotes', "{'url': 'https://93.184.216.34/h'}"],
      ['a bare string', 'hello'],
    ])('for malformed JSON: %s', async (_label, rawBody) => {
      const res = await account.api.request('POST', '/callbacks', { rawBody });
      expectStandardError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toMatch(/JSON/);
    });

    it('for malformed JSON even without a key (the body is read first)', async () => {
      expectStandardError(
        await anonymous.request('POST', '/callbacks', { rawBody: '{' }),
        400,
        'BAD_REQUEST',
      );
    });
  });

  describe('404 NOT_FOUND', () => {
    it.each([
      ['GET', '/nope'],
      ['GET', '/callbacks/extra/segments'],
      ['PUT', '/callbacks'],
      ['PATCH', '/callbacks'],
      ['POST', '/health'],
    ])('for an unknown route: %s %s', async (method, p) => {
      const res = await account.api.request(method, p, { body: method === 'GET' ? undefined : {} });
      expectStandardError(res, 404, 'NOT_FOUND');
    });

    it('for a path outside /api/v1, in the same body', async () => {
      const res = await fetch(new URL('/somewhere', inject('stack').apiBaseUrl));
      const body = (await res.json()) as { error: { code: string; request_id: string } };
      expect(res.status).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
    });

    it('does not echo the query string of an unknown route', async () => {
      const res = await account.api.get('/nope?api_key=vg_secret');
      expectStandardError(res, 404, 'NOT_FOUND');
      expect(res.text).not.toContain('vg_secret');
    });

    it.each(['not-a-uuid', '123', `${randomUUID()}x`, 'DROP%20TABLE%20webhooks'])(
      'for a malformed id: DELETE /callbacks/%s',
      async (id) => {
        expectStandardError(await account.api.delete(`/callbacks/${id}`), 404, 'NOT_FOUND');
      },
    );

    it('for a well-formed id that names nothing', async () => {
      expectStandardError(await account.api.delete(`/callbacks/${randomUUID()}`), 404, 'NOT_FOUND');
    });
  });

  describe('422 VALIDATION_ERROR', () => {
    it('names each missing field with loc ["body", field] and a message', async () => {
      const res = await account.api.post('/callbacks', {});
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expectDetail(res, ['body', 'url']);
      expectDetail(res, ['body', 'event']);
    });

    it('treats a JSON request without a body like an empty object', async () => {
      const res = await account.api.request('POST', '/callbacks', {
        headers: { 'Content-Type': 'application/json' },
      });
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expectDetail(res, ['body', 'url']);
    });

    it('names only the field that is wrong', async () => {
      const res = await account.api.post('/callbacks', { ...validBody(), url: 'not a url' });
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { loc: unknown }) => d.loc)).toEqual([['body', 'url']]);
    });

    it('refuses a field of the wrong type', async () => {
      const res = await account.api.post('/callbacks', { ...validBody(), url: 12345 });
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expectDetail(res, ['body', 'url']);
    });

    it('refuses an unknown body field instead of dropping it', async () => {
      const res = await account.api.post('/callbacks', { ...validBody(), is_active: false });
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expectDetail(res, ['body', 'is_active']);
    });

    it('refuses a JSON array body with loc ["body"]', async () => {
      const res = await account.api.request('POST', '/callbacks', { rawBody: JSON.stringify([validBody()]) });
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expectDetail(res, ['body']);
    });
  });

  describe('400 BAD_REQUEST for a JSON body that is not an object or array', () => {
    it.each([
      ['a string', '"https://93.184.216.34/h"'],
      ['a number', '42'],
      ['null', 'null'],
    ])('%s', async (_label, rawBody) => {
      expectStandardError(await account.api.request('POST', '/callbacks', { rawBody }), 400, 'BAD_REQUEST');
    });
  });

  describe('request ids', () => {
    it('echoes X-Request-Id in the header and in the error body', async () => {
      const id = `client-${randomBytes(6).toString('hex')}`;
      const res = await account.api.post('/callbacks', {}, { 'X-Request-Id': id });
      expectStandardError(res, 422, 'VALIDATION_ERROR');
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(res.body.error.request_id).toBe(id);
    });

    it('generates a UUID when none is sent', async () => {
      const a = await account.api.delete(`/callbacks/${randomUUID()}`);
      const b = await account.api.delete(`/callbacks/${randomUUID()}`);
      expectStandardError(a, 404, 'NOT_FOUND');
      expect(a.body.error.request_id).toMatch(UUID_V4);
      expect(a.body.error.request_id).toBe(a.headers.get('x-request-id'));
      expect(b.body.error.request_id).not.toBe(a.body.error.request_id);
    });

    it.each([
      ['spaces', 'has spaces in it'],
      ['over 128 characters', 'x'.repeat(129)],
      ['a header injection attempt', 'abc%0d%0aSet-Cookie:x=1'],
    ])('replaces an unusable X-Request-Id (%s) with a UUID', async (_label, given) => {
      const res = await anonymous.get('/callbacks', { 'X-Request-Id': given });
      expectStandardError(res, 401, 'UNAUTHORIZED');
      expect(res.body.error.request_id).toMatch(UUID_V4);
    });

    it('sends X-Request-Id on successful responses too', async () => {
      const sent = await account.api.get('/callbacks', { 'X-Request-Id': 'trace-ok-1' });
      expect(sent.status).toBe(200);
      expect(sent.headers.get('x-request-id')).toBe('trace-ok-1');
      const generated = await account.api.get('/callbacks');
      expect(generated.headers.get('x-request-id')).toMatch(UUID_V4);
    });

    it('carries the request id on body-parser and unknown-route errors', async () => {
      const parse = await account.api.request('POST', '/callbacks', {
        rawBody: '{',
        headers: { 'X-Request-Id': 'trace-parse' },
      });
      expect(parse.body.error.request_id).toBe('trace-parse');
      const route = await account.api.get('/nope', { 'X-Request-Id': 'trace-route' });
      expect(route.body.error.request_id).toBe('trace-route');
    });
  });
});

describe('500 errors from a broken dependency', () => {
  const stacks: Stack[] = [];
  let noDatabase: ApiClient;
  let noTemporal: ApiClient;
  let deadDatabaseUrl: string;
  let deadTemporalPort: number;

  beforeAll(async () => {
    const ctx = inject('stack');
    // Ports that were free a moment ago: nothing listens there.
    const [dbPort, temporalPort] = [await freePort(), await freePort()];
    deadDatabaseUrl = `postgres://postgres:pw@127.0.0.1:${dbPort}/vidgen`;
    deadTemporalPort = temporalPort;
    const common = { taskQueue: `${ctx.taskQueue}-outage`, apiOnly: true, waitForHealthy: false } as const;
    const started = await Promise.allSettled([
      startStack({
        ...common,
        databaseUrl: deadDatabaseUrl,
        temporalAddress: ctx.temporalAddress,
        // Without it the api reads its asset-URL signing key from the database at start-up.
        env: { ASSET_URL_SECRET: randomBytes(32).toString('hex') },
        dataDir: path.join(ctx.dataDir, 'no-database'),
      }),
      startStack({
        ...common,
        databaseUrl: ctx.databaseUrl,
        temporalAddress: `127.0.0.1:${temporalPort}`,
        dataDir: path.join(ctx.dataDir, 'no-temporal'),
      }),
    ]);
    // Whatever did start is stopped in afterAll, also when the other one failed.
    for (const r of started) if (r.status === 'fulfilled') stacks.push(r.value);
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    const [db, temporal] = stacks as [Stack, Stack];
    noDatabase = new ApiClient(db.baseUrl);
    noTemporal = new ApiClient(temporal.baseUrl);
  });

  afterAll(async () => {
    await Promise.all(stacks.map((s) => s.stop()));
  });

  it('answers 500 DATABASE_ERROR when PostgreSQL cannot be reached, leaking nothing', async () => {
    // A well-formed key makes the api look it up, which needs the database.
    const res = await noDatabase
      .withKey(`vg_${randomBytes(32).toString('base64url')}`)
      .get('/callbacks', { 'X-Request-Id': 'db-outage-1' });
    expectStandardError(res, 500, 'DATABASE_ERROR');
    expect(res.body.error.request_id).toBe('db-outage-1');
    const port = new URL(deadDatabaseUrl).port;
    for (const leak of ['ECONNREFUSED', port, '127.0.0.1', 'postgres', 'pw@'])
      expect(res.text).not.toContain(leak);
  });

  it('readiness answers 503 within 2 s naming the database when PostgreSQL is down; liveness stays 200', async () => {
    const started = Date.now();
    const res = await noDatabase.get('/health/ready');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', checks: { database: { status: 'failed' } } });
    expect(res.text).not.toContain(new URL(deadDatabaseUrl).port);
    expect((await noDatabase.get('/health/live')).status).toBe(200);
  });

  it('readiness answers 503 within 2 s naming Temporal when it cannot be reached', async () => {
    const started = Date.now();
    const res = await noTemporal.get('/health/ready');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'unavailable',
      checks: { database: { status: 'ok' }, temporal: { status: 'failed' } },
      workers: { pollers: null },
    });
  });

  it('still answers requests that need no database', async () => {
    expectStandardError(await noDatabase.get('/callbacks'), 401, 'UNAUTHORIZED');
    expectStandardError(await noDatabase.get('/nope'), 404, 'NOT_FOUND');
  });

  it('answers 500 INTERNAL_ERROR when Temporal cannot be reached, leaking nothing', async () => {
    // A video at the review gate: approving it goes to its workflow, which cannot be reached.
    const account = await createAccount({ credits: 10, baseUrl: noTemporal.baseUrl });
    const videos = new VideoRepository(testDb());
    const video = await videos.create(account.accountId, {
      prompt: 'Unreachable.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '16:9' }),
      faults: null,
    });
    await videos.events.record(account.accountId, video.id, {
      key: 'script1:awaiting_approval',
      type: 'awaiting_approval',
      status: 'pending',
      awaitingApproval: true,
    });
    const res = await account.api.post(`/videos/${video.id}/approve`);
    expectStandardError(res, 500, 'INTERNAL_ERROR');
    expect(res.body.error.message).toBe('Internal server error');
    for (const leak of [String(deadTemporalPort), '127.0.0.1', 'connect', 'grpc', 'at ']) {
      expect(res.text.toLowerCase()).not.toContain(leak.toLowerCase());
    }
  });
});
