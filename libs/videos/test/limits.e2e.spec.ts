import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { atGate, finished, waitForVideo } from '../../../test/support/videos';

describe('concurrent video limit', () => {
  it('ten concurrent creates on one account: exactly three succeed, seven get MAX_CONCURRENT_VIDEOS', async () => {
    const { api } = await createAccount({ credits: 0 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.post('/videos', {
          prompt: `Race ${i}: a quick story.`,
          scene_count: 1,
          // Keeps every winner queued (not yet at the gate) while the ten requests race.
          faults: { scripting: { fail_attempts: 1 } },
        }),
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

  it('videos at the review gate hold a slot: a fourth create is 429, approving one keeps its slot, deleting one frees it', async () => {
    const { api } = await createAccount({ credits: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.post('/videos', { prompt: `Gate ${i}: lanterns at dusk.`, scene_count: 1 });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      await waitForVideo(api, res.body.id, atGate);
    }
    const fourth = await api.post('/videos', { prompt: 'Refused.', scene_count: 1 });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('MAX_CONCURRENT_VIDEOS');

    // Approving one of the three keeps the slot it holds: no fourth slot is needed.
    const approve = await api.post(`/videos/${ids[0]}/approve`);
    expect(approve.status, approve.text).toBe(200);
    expect((await api.post('/videos', { prompt: 'Still refused.', scene_count: 1 })).status).toBe(429);

    // Deleting one at the gate frees its slot.
    expect((await api.delete(`/videos/${ids[1]}`)).status).toBe(204);
    const freed = await api.post('/videos', { prompt: 'Now there is room.', scene_count: 1 });
    expect(freed.status, freed.text).toBe(201);
    await waitForVideo(api, ids[0]!, finished, 120_000);
    await waitForVideo(api, freed.body.id, atGate);
  }, 300_000);

  it('regenerating a failed video takes a slot (429 when none is free); regenerating one at the gate keeps the slot it holds', async () => {
    const { api } = await createAccount({ credits: 100 });
    const gated = await api.post('/videos', { prompt: 'Gate: a lighthouse at night.', scene_count: 1 });
    expect(gated.status).toBe(201);
    await waitForVideo(api, gated.body.id, atGate);
    const failed = await api.post('/videos', {
      prompt: 'Failed: a storm at sea.',
      scene_count: 1,
      faults: { scripting: { fail: true } },
    });
    expect(failed.status).toBe(201);
    expect((await waitForVideo(api, failed.body.id, finished)).status).toBe('failed');

    // The video at the gate holds one slot, two slow renders the others.
    const busy = [];
    for (let i = 0; i < 2; i++) {
      const res = await api.post('/videos', {
        prompt: `Busy ${i}: a slow render.`,
        scene_count: 1,
        auto_approve: true,
        faults: { rendering: { fail_attempts: 2 } },
      });
      expect(res.status).toBe(201);
      busy.push(res.body.id);
    }
    const res = await api.post(`/videos/${failed.body.id}/regenerate`, { feedback: 'Brighter' });
    expect(res.status, res.text).toBe(429);
    expect(res.body.error.code).toBe('MAX_CONCURRENT_VIDEOS');
    expect((await api.get(`/videos/${failed.body.id}`)).body.status).toBe('failed');

    const again = await api.post(`/videos/${gated.body.id}/regenerate`, { feedback: 'Brighter' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ status: 'pending', awaiting_approval: true });

    for (const id of busy) await waitForVideo(api, id, finished, 120_000);
    const retried = await api.post(`/videos/${failed.body.id}/regenerate`, { feedback: 'Brighter' });
    expect(retried.status, retried.text).toBe(200);
  }, 300_000);
});
