import { describe, expect, it } from 'vitest';
import { type ApiClient, createAccount, testDb } from '../../../test/support/api';
import { atGate, waitForVideo } from '../../../test/support/videos';

/** A short template: one scene of the client's. */
const REQUEST = { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] };

async function templateOf(api: ApiClient): Promise<string> {
  const res = await api.post('/templates', { name: 'T', request: REQUEST });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A new FormData each time: fetch gives every upload its own random multipart boundary. */
function csvForm(templateId: string, csv: string): FormData {
  const form = new FormData();
  form.set('template_id', templateId);
  form.set('auto_approve', 'false');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
  return form;
}

const rows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ variables: { name: `${tag}${i}` } }));

describe('batch uploads under an Idempotency-Key, and what a cancel gives back', () => {
  it("compares an upload's file bytes: the same CSV replays the first batch, another CSV under the key is 409", async () => {
    const account = await createAccount({ credits: 500 });
    const templateId = await templateOf(account.api);
    const key = { 'Idempotency-Key': `csv-${templateId}` };
    const upload = (csv: string) =>
      account.api.request('POST', '/batches', { form: csvForm(templateId, csv), headers: key });

    const first = await upload('name\nAda\n');
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await upload('name\nAda\n');
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);

    // The same form fields, another file: the key was used with another body.
    const other = await upload('name\nBen\n');
    expect(other.status, other.text).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    // So is the same file sent as JSON rows under the key.
    const json = await account.api.post(
      '/batches',
      { template_id: templateId, rows: rows(1, 'Ada'), auto_approve: false },
      key,
    );
    expect(json.status, json.text).toBe(409);

    const batches = (await account.api.get('/batches')).body.data;
    expect(batches.map((b: { id: string }) => b.id)).toEqual([first.body.id]);
    const made = (await account.api.get(`/batches/${first.body.id}/rows`)).body.data;
    expect(made.map((r: any) => r.variables)).toEqual([{ name: 'Ada' }]);
    // A form the api refuses (a part it does not have) is refused as before, key or not.
    const extra = csvForm(templateId, 'name\nCy\n');
    extra.set('notes', 'x');
    const refused = await account.api.request('POST', '/batches', {
      form: extra,
      headers: { 'Idempotency-Key': `csv-extra-${templateId}` },
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.details.map((d: { loc: unknown[] }) => d.loc)).toEqual([['body', 'notes']]);
    await account.api.post(`/batches/${first.body.id}/cancel`);
  });

  it('a retry under a key whose claim was freed (its api died past the commit) finds the batch the first request made', async () => {
    const account = await createAccount({ credits: 500, plan: 'free' });
    const templateId = await templateOf(account.api);
    const key = { 'Idempotency-Key': `freed-${templateId}` };
    const body = { template_id: templateId, rows: rows(6, 'K'), auto_approve: false };
    // What the lease sweep does to the claim of an api that died before answering.
    const freeClaim = () =>
      testDb().deleteFrom('idempotency_keys').where('account_id', '=', account.accountId).execute();

    const first = await account.api.post('/batches', body, key);
    expect(first.status, first.text).toBe(201);
    await freeClaim();
    const again = await account.api.post('/batches', body, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await account.api.get('/batches')).body.data).toHaveLength(1);
    // Nothing taken twice: 4 of the day's 10 remain.
    expect((await account.api.post('/batches', { ...body, rows: rows(5, 'L') })).status).toBe(429);
    await freeClaim();
    const other = await account.api.post('/batches', { ...body, rows: rows(1, 'M') }, key);
    expect(other.status, other.text).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    expect((await account.api.get('/batches')).body.data).toHaveLength(1);
    await account.api.post(`/batches/${first.body.id}/cancel`);
  });

  it("a cancel gives back the day's creations of the rows not started, and only theirs; they held no credits", async () => {
    // free: 10 video creations a day.
    const account = await createAccount({ credits: 500, plan: 'free' });
    const templateId = await templateOf(account.api);
    const balance = async () => (await account.api.get('/credits')).body.balance as number;
    const batchOf = (n: number, tag: string) =>
      account.api.post('/batches', { template_id: templateId, rows: rows(n, tag), auto_approve: false });

    // Held at the review gate, the first two videos keep their slots: the other three rows wait.
    const created = await batchOf(5, 'A');
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    let batch = created.body;
    const deadline = Date.now() + 60_000;
    while (batch.in_progress < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      batch = (await account.api.get(`/batches/${id}`)).body;
    }
    expect(batch).toMatchObject({ in_progress: 2, waiting: 3 });
    // Five taken: six more are over the day's ten.
    expect((await batchOf(6, 'X')).status).toBe(429);

    const cancelled = await account.api.post(`/batches/${id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', in_progress: 2, cancelled: 3 });
    // The three cancelled rows' creations are back, the two started rows' are not: 8 remain.
    const over = await batchOf(9, 'B');
    expect(over.status, over.text).toBe(429);
    expect(over.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 day' });
    const fits = await batchOf(8, 'C');
    expect(fits.status, fits.text).toBe(201);
    // Its rows cannot start (the first batch's two videos hold the batch slots): all 8 come back.
    const second = await account.api.post(`/batches/${fits.body.id}/cancel`);
    expect(second.body).toMatchObject({ status: 'cancelled', cancelled: 8, in_progress: 0 });
    expect((await batchOf(9, 'D')).status).toBe(429);
    // A repeated cancel is refused and gives back nothing more.
    expect((await account.api.post(`/batches/${fits.body.id}/cancel`)).status).toBe(409);
    expect((await batchOf(9, 'E')).status).toBe(429);

    // Credits: a row's video is charged at its review gate, so the waiting rows held none and the
    // balance is whole; approving a started row's video charges that video alone.
    expect(await balance()).toBe(500);
    const ledger = (await account.api.get('/credits/ledger')).body.data;
    expect(ledger.map((e: { kind: string }) => e.kind)).toEqual(['granted']);
    const started = (await account.api.get(`/batches/${id}/rows`)).body.data.filter((r: any) => r.video_id);
    expect(started).toHaveLength(2);
    for (const r of started) {
      await waitForVideo(account.api, r.video_id, atGate);
      expect((await account.api.delete(`/videos/${r.video_id}`)).status).toBe(204);
    }
    expect(await balance()).toBe(500);
    // The last 8 of the day still fit, in one batch; a ninth does not.
    const last = await batchOf(8, 'F');
    expect(last.status, last.text).toBe(201);
    const single = await account.api.post('/videos', { prompt: 'One more', scenes: [{ narration: 'Hi.' }] });
    expect(single.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 day' });
    await account.api.post(`/batches/${last.body.id}/cancel`);
  });
});
