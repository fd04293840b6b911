import { describe, expect, it } from 'vitest';
import { type ApiClient, createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { atGate, waitForVideo } from '../../../test/support/videos';

/** A short template: one scene of the client's, so each row's video renders in seconds. */
const TEMPLATE = {
  name: 'Greeting',
  request: { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] },
};

const locs = (body: any) => body.error.details.map((d: { loc: unknown[] }) => d.loc);

async function templateOf(api: ApiClient, request: object = TEMPLATE.request): Promise<string> {
  const res = await api.post('/templates', { name: 'T', request });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** Videos of the account holding a concurrency slot, as the limit counts them. */
async function inProgress(accountId: string): Promise<number> {
  const { n } = await testDb()
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', ['completed', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function videoCount(account: TestAccount): Promise<number> {
  return (await account.api.get('/videos?limit=100')).body.data.length;
}

function csvForm(templateId: string, csv: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set('template_id', templateId);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
  return form;
}

describe('batches', () => {
  it('completes with one video per row, never more than 2 of the account in progress, a single video accepted mid-batch', async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api);
    const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve'];
    const created = await account.api.post('/batches', {
      template_id: templateId,
      rows: names.map((name, i) => ({ variables: { name }, metadata: { n: i } })),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      template_id: templateId,
      status: 'running',
      total: 5,
      completed_at: null,
    });
    expect(Object.keys(created.body).sort()).toEqual([
      'cancelled',
      'completed',
      'completed_at',
      'created_at',
      'failed',
      'id',
      'in_progress',
      'status',
      'template_id',
      'total',
      'waiting',
    ]);
    const id = created.body.id;

    let most = 0;
    let single: string | undefined;
    let batch = created.body;
    const deadline = Date.now() + 240_000;
    while (batch.status === 'running' && Date.now() < deadline) {
      const busy = await inProgress(account.accountId);
      most = Math.max(most, busy);
      // Sampled before the single video is created: the batch's own videos alone.
      if (!single) expect(busy).toBeLessThanOrEqual(2);
      if (!single && batch.in_progress === 2) {
        const res = await account.api.post('/videos', {
          prompt: 'One of its own',
          scenes: [{ narration: 'Solo.' }],
        });
        expect(res.status, res.text).toBe(201);
        single = res.body.id;
      }
      await new Promise((r) => setTimeout(r, 100));
      batch = (await account.api.get(`/batches/${id}`)).body;
    }
    expect(batch).toMatchObject({
      status: 'completed',
      total: 5,
      completed: 5,
      waiting: 0,
      in_progress: 0,
      failed: 0,
    });
    expect(batch.completed_at).not.toBeNull();
    expect(single, 'the batch reached 2 videos in progress').toBeDefined();
    expect(most).toBeLessThanOrEqual(3);

    const rows = (await account.api.get(`/batches/${id}/rows?limit=3`)).body;
    const rest = (await account.api.get(`/batches/${id}/rows?limit=3&cursor=${rows.next_cursor}`)).body;
    const all = [...rows.data, ...rest.data];
    expect(rest.next_cursor).toBeNull();
    expect(all.map((r: any) => [r.index, r.status, r.variables.name, r.metadata.n])).toEqual(
      names.map((name, i) => [i, 'completed', name, i]),
    );
    const videoIds = new Set(all.map((r: any) => r.video_id));
    expect(videoIds.size).toBe(5);
    for (const r of all) {
      const v = (await account.api.get(`/videos/${r.video_id}`)).body;
      expect(v).toMatchObject({ status: 'completed', prompt: `A greeting for ${r.variables.name}` });
    }
    // One video per row, and the single one: nothing created twice.
    expect(await videoCount(account)).toBe(6);
    expect((await account.api.get('/batches')).body.data.map((b: any) => b.id)).toEqual([id]);
  });

  it('is 422 naming each bad row and field of JSON rows, and starts nothing', async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api);
    const res = await account.api.post('/batches', {
      template_id: templateId,
      rows: [
        { variables: { name: 'Ok' } },
        { variables: { name: 'Ok', age: '3' } },
        { variables: {} },
        { variables: { name: '' } },
        { variables: { name: 'x'.repeat(501) } },
      ],
    });
    expect(res.status, res.text).toBe(422);
    expect(locs(res.body)).toEqual([
      ['body', 'rows', 1, 'variables', 'age'],
      ['body', 'rows', 2, 'variables', 'name'],
      ['body', 'rows', 3, 'variables', 'name'],
      ['body', 'rows', 4, 'variables', 'name'],
    ]);
    const foreign = await (await createAccount()).api.post('/batches', {
      template_id: templateId,
      rows: [{ variables: { name: 'A' } }],
    });
    expect(locs(foreign.body)).toEqual([['body', 'template_id']]);
    expect((await account.api.get('/batches')).body.data).toEqual([]);
    expect(await videoCount(account)).toBe(0);
  });

  it('is 422 for a CSV with a missing column, an empty required field and a row over the length limit, naming each', async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api, {
      prompt: '{{product}} for {{price}} in {{colour}}',
      scenes: [{ narration: '{{product}} costs {{price}}.' }],
    });
    const csv = `product,price\r\nShoe,\r\n"${'x'.repeat(501)}",12\r\n"Hat, wool",9\r\n`;
    const res = await account.api.request('POST', '/batches', { form: csvForm(templateId, csv) });
    expect(res.status, res.text).toBe(422);
    expect(locs(res.body)).toEqual([
      ['body', 'file', 'columns', 'colour'],
      ['body', 'rows', 0, 'variables', 'price'],
      ['body', 'rows', 1, 'variables', 'product'],
    ]);
    const tooMany = `product,price,colour\n${Array.from({ length: 501 }, (_, i) => `p${i},1,red`).join('\n')}\n`;
    const many = await account.api.request('POST', '/batches', { form: csvForm(templateId, tooMany) });
    expect(many.status).toBe(422);
    expect(locs(many.body)).toEqual([['body', 'file']]);
    expect((await account.api.get('/batches')).body.data).toEqual([]);
    expect(await videoCount(account)).toBe(0);

    const good = await account.api.request('POST', '/batches', {
      form: csvForm(templateId, 'colour,product,price\nred,"Hat, wool",9\n', { auto_approve: 'false' }),
    });
    expect(good.status, good.text).toBe(201);
    expect(good.body.total).toBe(1);
    const rows = (await account.api.get(`/batches/${good.body.id}/rows`)).body.data;
    expect(rows[0].variables).toEqual({ colour: 'red', product: 'Hat, wool', price: '9' });
  });

  it('is 422 for an upload with a part the form does not have, and starts nothing', async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api);
    const res = await account.api.request('POST', '/batches', {
      form: csvForm(templateId, 'name\nAnn\n', { notes: 'spring' }),
    });
    expect(res.status, res.text).toBe(422);
    expect(locs(res.body)).toEqual([['body', 'notes']]);
    expect((await account.api.get('/batches')).body.data).toEqual([]);
  });

  it('is 402 with both figures when the balance cannot pay the batch, and starts nothing', async () => {
    const account = await createAccount({ credits: 3 });
    const templateId = await templateOf(account.api);
    // Each row: one picture and its narration, 2 credits.
    const res = await account.api.post('/batches', {
      template_id: templateId,
      rows: [{ variables: { name: 'A' } }, { variables: { name: 'B' } }],
    });
    expect(res.status, res.text).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(res.body.error.message).toBe('Insufficient credits: 4 required, 3 available');
    expect((await account.api.get('/batches')).body.data).toEqual([]);
    expect(await videoCount(account)).toBe(0);
  });

  it("is the rate limiter's 429 when the batch is larger than the plan's remaining creations today", async () => {
    const account = await createAccount({ credits: 500, plan: 'free' });
    const templateId = await templateOf(account.api);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ variables: { name: `N${i}` } }));
    const res = await account.api.post('/batches', { template_id: templateId, rows: rows(11) });
    expect(res.status, res.text).toBe(429);
    expect(res.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 day' });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await account.api.get('/batches')).body.data).toEqual([]);
    // Nothing of the quota was taken: a batch of all ten still fits.
    const fits = await account.api.post('/batches', {
      template_id: templateId,
      rows: rows(10),
      auto_approve: false,
    });
    expect(fits.status, fits.text).toBe(201);
    await account.api.post(`/batches/${fits.body.id}/cancel`);
  });

  it('replays a create under the same Idempotency-Key: one batch', async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api);
    const body = { template_id: templateId, rows: [{ variables: { name: 'A' } }], auto_approve: false };
    const key = { 'Idempotency-Key': `batch-${templateId}` };
    const first = await account.api.post('/batches', body, key);
    expect(first.status, first.text).toBe(201);
    const again = await account.api.post('/batches', body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await account.api.get('/batches')).body.data).toHaveLength(1);
    const other = await account.api.post('/batches', { ...body, rows: [{ variables: { name: 'B' } }] }, key);
    expect(other.status).toBe(409);
  });

  it('cancel stops the rows not started; the started videos go on', async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api);
    // Held at the review gate, the first two videos keep their slots: the other rows wait.
    const created = await account.api.post('/batches', {
      template_id: templateId,
      rows: Array.from({ length: 5 }, (_, i) => ({ variables: { name: `N${i}` } })),
      auto_approve: false,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const deadline = Date.now() + 60_000;
    let batch = created.body;
    while (batch.in_progress < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      batch = (await account.api.get(`/batches/${id}`)).body;
    }
    expect(batch).toMatchObject({ in_progress: 2, waiting: 3 });
    const cancelled = await account.api.post(`/batches/${id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', in_progress: 2, waiting: 0, cancelled: 3 });
    const rows = (await account.api.get(`/batches/${id}/rows`)).body.data;
    expect(rows.map((r: any) => r.status)).toEqual([
      'in_progress',
      'in_progress',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    // Slots free up, and still no cancelled row starts.
    for (const r of rows.slice(0, 2)) {
      const v = await waitForVideo(account.api, r.video_id, atGate);
      expect(v).toMatchObject({ status: 'pending', awaiting_approval: true });
      expect((await account.api.delete(`/videos/${r.video_id}`)).status).toBe(204);
    }
    await new Promise((r) => setTimeout(r, 3000));
    expect(await videoCount(account)).toBe(0);
    expect((await account.api.get(`/batches/${id}`)).body).toMatchObject({
      status: 'cancelled',
      waiting: 0,
      cancelled: 3,
    });
    const again = await account.api.post(`/batches/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_STATE');
    const other = await createAccount();
    expect((await other.api.get(`/batches/${id}`)).status).toBe(404);
    expect((await other.api.post(`/batches/${id}/cancel`)).status).toBe(404);
  });

  it("dresses each row's video in the account's default brand, as a single video is", async () => {
    const account = await createAccount({ credits: 500 });
    const brand = await account.api.post('/brands', { name: 'House', default: true });
    expect(brand.status, brand.text).toBe(201);
    const templateId = await templateOf(account.api);
    const created = await account.api.post('/batches', {
      template_id: templateId,
      rows: [{ variables: { name: 'Ada' } }],
      auto_approve: false,
    });
    expect(created.status, created.text).toBe(201);
    const deadline = Date.now() + 60_000;
    let rows: any[] = [];
    while (!rows[0]?.video_id && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      rows = (await account.api.get(`/batches/${created.body.id}/rows`)).body.data;
    }
    const video = (await account.api.get(`/videos/${rows[0].video_id}`)).body;
    expect(video.options.brand).toMatchObject({ id: brand.body.id, name: 'House' });
  });
});
