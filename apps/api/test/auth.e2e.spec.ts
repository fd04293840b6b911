import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AccountRepository, ALL_SCOPES, ApiKeyRepository, AuthService, type Scope } from '@vidgen/auth';
import { sql } from '@vidgen/db';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ApiClient,
  type ApiResponse,
  createAccount,
  type TestAccount,
  testDb,
} from '../../../test/support/api';
import { atGate, waitForVideo } from '../../../test/support/videos';

const publicUrl = () => `https://93.184.216.34/hooks/${randomUUID()}`;

function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

/** A key that has the shape of a real one but was never issued. */
const unissuedKey = () => `vg_${randomBytes(32).toString('base64url')}`;

/**
 * Every authenticated endpoint, the scope it needs, and how to call it successfully as an
 * account that holds that scope. Add a row here when an endpoint is added: the matrix below
 * then proves that it refuses keys without its scope and accepts the exact scope and the
 * family wildcard.
 */
interface EndpointCase {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  route: string;
  scope: Scope;
  success: number;
  /** Builds a request that succeeds for `owner`; may create what it needs with owner's full key. */
  arrange(owner: TestAccount): Promise<{ path: string; body?: unknown }>;
  /** Optional check that a refused call changed nothing. */
  unchanged?(owner: TestAccount, request: { path: string; body?: unknown }): Promise<void>;
}

const listedUrls = async (owner: TestAccount): Promise<string[]> =>
  (await owner.api.get('/callbacks')).body.map((w: { url: string }) => w.url);

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'POST',
    route: '/callbacks',
    scope: 'callbacks:write',
    success: 201,
    arrange: async () => ({ path: '/callbacks', body: { url: publicUrl(), event: 'video.completed' } }),
    unchanged: async (owner, req) => {
      expect(await listedUrls(owner)).not.toContain((req.body as { url: string }).url);
    },
  },
  {
    method: 'GET',
    route: '/callbacks',
    scope: 'callbacks:read',
    success: 200,
    arrange: async () => ({ path: '/callbacks' }),
  },
  {
    method: 'DELETE',
    route: '/callbacks/{id}',
    scope: 'callbacks:write',
    success: 204,
    arrange: async (owner) => {
      const url = publicUrl();
      const created = await owner.api.post('/callbacks', { url, event: 'video.failed' });
      expect(created.status, created.text).toBe(201);
      return { path: `/callbacks/${created.body.id}`, body: undefined };
    },
    unchanged: async (owner, req) => {
      const id = req.path.split('/').pop();
      const ids = (await owner.api.get('/callbacks')).body.map((w: { id: string }) => w.id);
      expect(ids).toContain(id);
    },
  },
  {
    method: 'PATCH',
    route: '/callbacks/{id}',
    scope: 'callbacks:write',
    success: 200,
    arrange: async (owner) => {
      const created = await owner.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      expect(created.status, created.text).toBe(201);
      return { path: `/callbacks/${created.body.id}`, body: { is_active: false } };
    },
    unchanged: async (owner, req) => {
      const id = req.path.split('/').pop();
      const hook = (await owner.api.get('/callbacks')).body.find((w: { id: string }) => w.id === id);
      expect(hook.is_active).toBe(true);
    },
  },
  {
    method: 'GET',
    route: '/callbacks/{id}/deliveries',
    scope: 'callbacks:read',
    success: 200,
    arrange: async (owner) => {
      const created = await owner.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      expect(created.status, created.text).toBe(201);
      return { path: `/callbacks/${created.body.id}/deliveries` };
    },
  },
  {
    method: 'POST',
    route: '/callbacks/{id}/deliveries/{deliveryId}/redeliver',
    scope: 'callbacks:write',
    success: 200,
    arrange: async (owner) => {
      const created = await owner.api.post('/callbacks', { url: publicUrl(), event: 'video.failed' });
      expect(created.status, created.text).toBe(201);
      const delivery = await arrangeDelivery(owner, created.body.id);
      return { path: `/callbacks/${created.body.id}/deliveries/${delivery}/redeliver` };
    },
    unchanged: async (owner, req) => {
      const [, , hookId, , deliveryId] = req.path.split('/');
      const listed = (await owner.api.get(`/callbacks/${hookId}/deliveries`)).body.data;
      expect(listed.map((d: { id: string }) => d.id)).toEqual([deliveryId]);
      const row = await testDb()
        .selectFrom('webhook_deliveries')
        .select(['runs', 'status'])
        .where('id', '=', deliveryId!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ runs: 0, status: 'failed' });
    },
  },
  ...videoRows(),
  ...assetRows(),
  ...creditRows(),
];

/** A video of the owner waiting at the review gate (scenes readable and editable). */
async function gatedVideo(
  owner: TestAccount,
  sceneCount = 1,
): Promise<{ id: string; scenes: { id: string }[] }> {
  const created = await owner.api.post('/videos', {
    prompt: 'Scope matrix: kites over a beach.',
    scene_count: sceneCount,
  });
  expect(created.status, created.text).toBe(201);
  await waitForVideo(owner.api, created.body.id, atGate);
  return { id: created.body.id, scenes: (await owner.api.get(`/videos/${created.body.id}/scenes`)).body };
}

function videoRows(): EndpointCase[] {
  const read = (route: string, path: (id: string) => string): EndpointCase => ({
    method: 'GET',
    route,
    scope: 'videos:read',
    success: 200,
    arrange: async (owner) => ({ path: path((await gatedVideo(owner)).id) }),
  });
  return [
    {
      method: 'POST',
      route: '/videos',
      scope: 'videos:write',
      success: 201,
      arrange: async () => ({
        path: '/videos',
        body: { prompt: 'Scope matrix: a new video.', scene_count: 1 },
      }),
    },
    {
      method: 'GET',
      route: '/videos',
      scope: 'videos:read',
      success: 200,
      arrange: async () => ({ path: '/videos' }),
    },
    read('/videos/{id}', (id) => `/videos/${id}`),
    read('/videos/{id}/events', (id) => `/videos/${id}/events`),
    read('/videos/{id}/scenes', (id) => `/videos/${id}/scenes`),
    {
      method: 'DELETE',
      route: '/videos/{id}',
      scope: 'videos:write',
      success: 204,
      arrange: async (owner) => ({ path: `/videos/${(await gatedVideo(owner)).id}` }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).status).toBe(200),
    },
    {
      method: 'POST',
      route: '/videos/{id}/approve',
      scope: 'videos:write',
      success: 200,
      arrange: async (owner) => ({ path: `/videos/${(await gatedVideo(owner)).id}/approve` }),
      unchanged: async (owner, req) => {
        const video = (await owner.api.get(req.path.replace('/approve', ''))).body;
        expect(video).toMatchObject({ awaiting_approval: true, credits_charged: 0 });
      },
    },
    {
      method: 'POST',
      route: '/videos/{id}/regenerate',
      scope: 'videos:write',
      success: 200,
      arrange: async (owner) => ({
        path: `/videos/${(await gatedVideo(owner)).id}/regenerate`,
        body: { feedback: '' },
      }),
    },
    {
      method: 'POST',
      route: '/videos/{id}/scenes',
      scope: 'videos:write',
      success: 201,
      arrange: async (owner) => ({
        path: `/videos/${(await gatedVideo(owner)).id}/scenes`,
        body: { visual_description: 'A red kite', narration: 'The kite climbs.' },
      }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).body).toHaveLength(1),
    },
    {
      method: 'PATCH',
      route: '/videos/{id}/scenes/{sceneId}',
      scope: 'videos:write',
      success: 200,
      arrange: async (owner) => {
        const v = await gatedVideo(owner);
        return {
          path: `/videos/${v.id}/scenes/${v.scenes[0]!.id}`,
          body: { narration: 'Changed by the matrix.' },
        };
      },
      unchanged: async (owner, req) => {
        const scenes = (await owner.api.get(req.path.replace(/\/[^/]+$/, ''))).body;
        expect(scenes[0].narration).not.toBe('Changed by the matrix.');
      },
    },
    {
      method: 'DELETE',
      route: '/videos/{id}/scenes/{sceneId}',
      scope: 'videos:write',
      success: 204,
      arrange: async (owner) => {
        const v = await gatedVideo(owner, 2);
        return { path: `/videos/${v.id}/scenes/${v.scenes[0]!.id}` };
      },
      unchanged: async (owner, req) =>
        expect((await owner.api.get(req.path.replace(/\/[^/]+$/, ''))).body).toHaveLength(2),
    },
  ];
}

/** An asset of the owner, written straight to the table and to the shared stack's storage. */
async function storedAsset(owner: TestAccount): Promise<string> {
  const video = await testDb()
    .insertInto('videos')
    .values({
      account_id: owner.accountId,
      prompt: 'scope matrix asset',
      scene_count: 1,
      awaiting_approval: true,
      options: JSON.stringify({ aspect_ratio: '16:9', voice: null, auto_approve: false }),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const relative = path.join(owner.accountId, video.id, 'note.txt');
  const file = path.join(inject('stack').dataDir, 'shared', 'assets', relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'scope matrix');
  const asset = await testDb()
    .insertInto('assets')
    .values({
      account_id: owner.accountId,
      video_id: video.id,
      type: 'subtitles',
      path: relative,
      mime_type: 'text/plain',
      size_bytes: 12,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return asset.id;
}

function assetRows(): EndpointCase[] {
  return [
    {
      method: 'GET',
      route: '/assets',
      scope: 'assets:read',
      success: 200,
      arrange: async () => ({ path: '/assets' }),
    },
    {
      method: 'GET',
      route: '/assets/{id}',
      scope: 'assets:read',
      success: 200,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}` }),
    },
    {
      method: 'GET',
      route: '/assets/{id}/content',
      scope: 'assets:read',
      success: 200,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}/content` }),
    },
    {
      method: 'DELETE',
      route: '/assets/{id}',
      scope: 'assets:write',
      success: 204,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}` }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).status).toBe(200),
    },
  ];
}

function creditRows(): EndpointCase[] {
  return [
    {
      method: 'GET',
      route: '/credits',
      scope: 'credits:read',
      success: 200,
      arrange: async () => ({ path: '/credits' }),
    },
    {
      method: 'GET',
      route: '/credits/ledger',
      scope: 'credits:read',
      success: 200,
      arrange: async () => ({ path: '/credits/ledger' }),
    },
    {
      method: 'POST',
      route: '/credits/purchase',
      scope: 'credits:write',
      success: 200,
      arrange: async () => ({
        path: '/credits/purchase',
        body: { plan: 'starter', payment_token: `tok_test_ok_${randomUUID()}` },
      }),
      unchanged: async (owner) => expect((await owner.api.get('/credits')).body.plan).not.toBe('starter'),
    },
  ];
}

/**
 * A finished delivery to redeliver, written straight to the tables (a real one needs a video to
 * finish). Its redelivery runs on the shared stack and fails to reach the address, harmlessly.
 */
async function arrangeDelivery(owner: TestAccount, webhookId: string): Promise<string> {
  const video = await testDb()
    .insertInto('videos')
    .values({
      account_id: owner.accountId,
      prompt: 'scope matrix',
      scene_count: 1,
      options: JSON.stringify({ aspect_ratio: '16:9', voice: null, auto_approve: false }),
      status: 'failed',
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await testDb()
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: webhookId,
      account_id: owner.accountId,
      video_id: video.id,
      event: 'video.failed',
      occurrence_key: 'scope-matrix',
      payload: '{}',
      status: 'failed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return delivery.id;
}

const familyOf = (scope: Scope) => scope.split(':')[0];
/** Every scope there is except the required one and its family wildcard. */
const allBut = (scope: Scope): string[] =>
  ALL_SCOPES.filter((s) => s !== scope && s !== `${familyOf(scope)}:*`);

describe('API key authentication', () => {
  let owner: TestAccount;
  let anonymous: ApiClient;

  beforeAll(async () => {
    owner = await createAccount();
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
        await anonymous.request(endpoint.method, req.path, { body: req.body }),
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
    await new AuthService(new ApiKeyRepository(db), new AccountRepository(db)).revokeKey(k.id);

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
    const res = await k.api.get('/callbacks');
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
        const res = await k.api.request(endpoint.method, req.path, { body: req.body });
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
        const res = await k.api.request(endpoint.method, req.path, { body: req.body });
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
