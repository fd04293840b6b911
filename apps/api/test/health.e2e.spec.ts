import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../../test/support/api';

describe('health', () => {
  const api = () => new ApiClient(inject('stack').apiBaseUrl);

  it('live answers without a key and without touching any dependency', async () => {
    const res = await api().get('/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('ready reports the database, Temporal and the worker pollers on the task queue, starting no workflow', async () => {
    const res = await api().get('/health/ready');
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks.database.status).toBe('ok');
    expect(res.body.checks.temporal.status).toBe('ok');
    expect(res.body.workers).toEqual({ task_queue: inject('stack').taskQueue, pollers: expect.any(Number) });
    expect(res.body.workers.pollers).toBeGreaterThan(0);
  });

  it('the old probe that started a workflow per call is gone', async () => {
    expect((await api().get('/health/worker')).status).toBe(404);
  });
});
