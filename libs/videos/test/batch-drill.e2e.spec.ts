import { type DrillStack, startDrillStack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/support/api';

/** Rows as short as the pipeline makes them: the client's one scene, no speech, no motion. */
const REQUEST = {
  prompt: 'Row {{name}}',
  scenes: [{ narration: 'Hi {{name}}.' }],
  narrate: false,
  motion: 'none',
  transition: 'none',
};
const NAMES = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Fay', 'Gus', 'Hal'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads until `ok`; a read that fails (the api is restarting) is tried again. */
async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read().catch(() => undefined);
    if (last !== undefined && ok(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`not reached in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
    await sleep(everyMs);
  }
}

describe("a batch through the crash drill's disruptions", () => {
  let drill: DrillStack;

  beforeAll(async () => {
    // The drill's own deployment: an embedded PostgreSQL, a Temporal dev server with its state
    // in a file (it comes back on the same port and history), an api, a control and a media worker.
    drill = await startDrillStack({ mediaWorkers: 1 });
  }, 300_000);
  afterAll(() => drill?.stop());

  it('makes one batch and exactly one video per row through an api kill right after the create commits (and the retry under its key), a Temporal restart and an api kill mid-run', async () => {
    const { accountId, key } = await drill.account(500);
    const api = new ApiClient(drill.baseUrl, key);
    const template = await api.post('/templates', { name: 'Drill', request: REQUEST });
    expect(template.status, template.text).toBe(201);
    const body = { template_id: template.body.id, rows: NAMES.map((name) => ({ variables: { name } })) };
    // The batch's two slots held by videos at the review gate until the create's retry has been
    // answered: a batch whose workflow the first api started before it died would otherwise run
    // all its rows while the dead api's claim lapses, before the disruptions below.
    const held: string[] = [];
    for (const name of ['Held 1', 'Held 2']) {
      const r = await api.post('/videos', { ...REQUEST, prompt: name, scenes: [{ narration: name }] });
      expect(r.status, r.text).toBe(201);
      held.push(r.body.id);
    }

    // The api is killed as soon as the create has committed the batch: before or after it
    // started the batch's workflow and answered, whichever the race gives. A start the api never
    // confirmed is made by the worker's sweeper, 10 s on.
    const idempotencyKey = { 'Idempotency-Key': `drill-${template.body.id}` };
    const pending = api.post('/batches', body, idempotencyKey).catch(() => undefined);
    const committed = await until(
      () => drill.db.selectFrom('batches').select('id').where('account_id', '=', accountId).execute(),
      (b) => b.length > 0,
      120_000,
      2,
    );
    await drill.restartApi();
    const answer = await pending;
    const id = committed[0]!.id;
    if (answer?.status === 201) expect(answer.body.id).toBe(id);
    // The client sends the create again under its key: 409 while the dead api's claim stands
    // (until its lease lapses), then the batch the first request made, not another.
    const again = await until(
      () => api.post('/batches', body, idempotencyKey),
      (r) => r.status !== 409,
      120_000,
      500,
    );
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(id);
    expect((await api.get('/batches')).body.data.map((b: { id: string }) => b.id)).toEqual([id]);
    const batch = () => api.get(`/batches/${id}`).then((r) => (r.status === 200 ? r.body : undefined));
    for (const v of held) expect((await api.delete(`/videos/${v}`)).status).toBe(204);

    // Temporal stops and comes back while rows run and others wait.
    const beforeTemporal = await until(batch, (b) => b.completed >= 1 || b.status !== 'running', 240_000);
    expect(beforeTemporal).toMatchObject({ status: 'running' });
    expect(beforeTemporal.waiting).toBeGreaterThan(0);
    await drill.restartTemporal();
    // The api is killed again mid-run.
    const beforeKill = await until(batch, (b) => b.completed >= 3 || b.status !== 'running', 240_000);
    expect(beforeKill).toMatchObject({ status: 'running' });
    expect(beforeKill.waiting).toBeGreaterThan(0);
    await drill.restartApi();

    const done = await until(batch, (b) => b.status !== 'running', 300_000);
    expect(done).toMatchObject({ status: 'completed', total: 8, completed: 8, failed: 0, waiting: 0 });
    const rows = (await api.get(`/batches/${id}/rows`)).body.data;
    expect(rows.map((r: any) => [r.index, r.status, r.variables.name])).toEqual(
      NAMES.map((name, i) => [i, 'completed', name]),
    );
    // Exactly one batch and one video per row, counting every video the account ever had but the
    // two that held the slots.
    const batches = await drill.db
      .selectFrom('batches')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(batches.map((b) => b.id)).toEqual([id]);
    const videos = await drill.db
      .selectFrom('videos')
      .select(['id', 'prompt', 'status'])
      .where('account_id', '=', accountId)
      .where('id', 'not in', held)
      .execute();
    expect(videos).toHaveLength(NAMES.length);
    expect(new Set(videos.map((v) => v.id))).toEqual(new Set(rows.map((r: any) => r.video_id)));
    expect(videos.map((v) => v.prompt).sort()).toEqual(NAMES.map((n) => `Row ${n}`).sort());
    expect(videos.every((v) => v.status === 'completed')).toBe(true);
    expect(drill.unexpectedExits).toEqual([]);
  }, 900_000);
});
