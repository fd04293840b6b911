// Every authenticated endpoint with the scope it needs, for the API key and scope specs.
import { randomBytes, randomUUID } from 'node:crypto';
import { ALL_SCOPES, type Scope } from '@vidgen/auth';
import { expect } from 'vitest';
import { type ApiResponse, type TestAccount, testDb } from '../../../../test/support/api';
import { assetRows, creditRows, videoRows } from './auth-endpoint-rows';

export const publicUrl = () => `https://93.184.216.34/hooks/${randomUUID()}`;

export function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

/** A key that has the shape of a real one but was never issued. */
export const unissuedKey = () => `vg_${randomBytes(32).toString('base64url')}`;

/**
 * Every authenticated endpoint, the scope it needs, and how to call it successfully as an
 * account that holds that scope. Add a row here when an endpoint is added: the matrix below
 * then proves that it refuses keys without its scope and accepts the exact scope and the
 * family wildcard.
 */
/** A JSON `body`, or a multipart `form` (an upload). */
export interface EndpointRequest {
  path: string;
  body?: unknown;
  form?: FormData;
}

export interface EndpointCase {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  route: string;
  scope: Scope;
  success: number;
  /** Builds a request that succeeds for `owner`; may create what it needs with owner's full key. */
  arrange(owner: TestAccount): Promise<EndpointRequest>;
  /** Optional check that a refused call changed nothing. */
  unchanged?(owner: TestAccount, request: EndpointRequest): Promise<void>;
}

const listedUrls = async (owner: TestAccount): Promise<string[]> =>
  (await owner.api.get('/callbacks')).body.map((w: { url: string }) => w.url);

export const ENDPOINTS: EndpointCase[] = [
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
  {
    method: 'GET',
    route: '/voices',
    scope: 'videos:read',
    success: 200,
    arrange: async () => ({ path: '/voices?language=de' }),
  },
  {
    method: 'GET',
    route: '/providers',
    scope: 'videos:read',
    success: 200,
    arrange: async () => ({ path: '/providers' }),
  },
  ...assetRows(),
  ...creditRows(),
];

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

export const familyOf = (scope: Scope) => scope.split(':')[0];
/** Every scope there is except the required one and its family wildcard. */
export const allBut = (scope: Scope): string[] =>
  ALL_SCOPES.filter((s) => s !== scope && s !== `${familyOf(scope)}:*`);
