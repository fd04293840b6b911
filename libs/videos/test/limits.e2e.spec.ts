import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';

describe('concurrent video limit', () => {
  it('ten concurrent creates on one account: exactly three succeed, seven get MAX_CONCURRENT_VIDEOS', async () => {
    const { api } = await createAccount({ credits: 0 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.post('/videos', { prompt: `Race ${i}: a quick story.`, scene_count: 1 }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 429);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.body.error.code).toBe('MAX_CONCURRENT_VIDEOS');
      expect(r.body.error.request_id).toBeTruthy();
    }
    const listed = await api.get('/videos?limit=100');
    expect(listed.body.data).toHaveLength(3);
  });

  it('a video waiting at the review gate still counts as in progress (status pending)', async () => {
    const { api } = await createAccount({ credits: 0 });
    for (let i = 0; i < 3; i++)
      expect((await api.post('/videos', { prompt: 'One.', scene_count: 1 })).status).toBe(201);
    const fourth = await api.post('/videos', { prompt: 'Four.', scene_count: 1 });
    expect(fourth.status).toBe(429);
  });
});
