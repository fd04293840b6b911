import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../../test/support/api';

describe('health', () => {
  it('runs a workflow started by the api on a worker that reaches PostgreSQL', async () => {
    const api = new ApiClient(inject('stack').apiBaseUrl);
    const res = await api.get('/health/worker');
    expect(res.status).toBe(200);
    expect(res.body.worker.database).toBe('ok');
    expect(res.body.worker.workerPid).toBeGreaterThan(0);
  });
});
