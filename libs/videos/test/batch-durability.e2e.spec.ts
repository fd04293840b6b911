import type { Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline)
      throw new Error(`not reached in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

describe('a batch through worker kills', () => {
  let stack: Stack;

  beforeAll(async () => {
    // A stack of its own: killing its worker must not stall the other specs' videos.
    stack = await startOwnStack('batch-durability');
  });
  afterAll(() => stack?.stop());

  it('makes exactly one video per row when its worker is killed (SIGKILL) twice mid-batch', async () => {
    const { api } = await createAccount({ credits: 500, baseUrl: stack.baseUrl });
    const template = await api.post('/templates', {
      name: 'Greeting',
      request: { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] },
    });
    const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Fay'];
    const created = await api.post('/batches', {
      template_id: template.body.id,
      rows: names.map((name) => ({ variables: { name } })),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const batch = () => api.get(`/batches/${id}`).then((r) => r.body);

    // Killed once the first rows have started, and again once some have finished.
    await until(batch, (b) => b.in_progress + b.completed >= 1, 60_000);
    await stack.worker!.kill();
    await stack.startWorker();
    await until(batch, (b) => b.completed >= 2 || b.status !== 'running', 180_000);
    await stack.worker!.kill();
    await stack.startWorker();

    const done = await until(batch, (b) => b.status !== 'running', 240_000);
    expect(done).toMatchObject({ status: 'completed', total: 6, completed: 6, failed: 0, waiting: 0 });
    const rows = (await api.get(`/batches/${id}/rows`)).body.data;
    expect(rows.map((r: any) => r.status)).toEqual(names.map(() => 'completed'));
    const videos = (await api.get('/videos?limit=100')).body.data;
    expect(videos).toHaveLength(6);
    expect(new Set(rows.map((r: any) => r.video_id))).toEqual(new Set(videos.map((v: any) => v.id)));
    expect(videos.map((v: any) => v.prompt).sort()).toEqual(names.map((n) => `A greeting for ${n}`).sort());
  }, 600_000);
});
