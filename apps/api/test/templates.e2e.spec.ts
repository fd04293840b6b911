import { describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { toGate } from '../../../test/support/lifecycle';
import { waitForVideo } from '../../../test/support/videos';

const REQUEST = {
  prompt: 'Meet {{product}}. It costs {{price}}.',
  aspect_ratio: '9:16',
  auto_approve: false,
  scenes: [
    { narration: '{{product}} is here.', visual_description: 'A {{colour}} {{product}} on a table' },
    { narration: 'Only {{price}}.' },
  ],
};

const locs = (body: any) => body.error.details.map((d: { loc: unknown[] }) => d.loc);

describe('templates', () => {
  it('creates, lists, reads, updates and deletes a template; its variables follow its request', async () => {
    const { api } = await createAccount();
    const created = await api.post('/templates', {
      name: 'Spotlight',
      description: 'one per product',
      request: REQUEST,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Spotlight',
      description: 'one per product',
      request: REQUEST,
      variables: ['colour', 'price', 'product'],
    });
    const second = await api.post('/templates', { name: 'Plain', request: { prompt: 'Bees' } });
    expect(second.body.variables).toEqual([]);

    const first = await api.get('/templates?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.data.map((t: any) => t.id)).toEqual([second.body.id]);
    const next = await api.get(`/templates?limit=1&cursor=${first.body.next_cursor}`);
    expect(next.body.data.map((t: any) => t.id)).toEqual([created.body.id]);
    expect(next.body.next_cursor).toBeNull();

    expect((await api.get(`/templates/${created.body.id}`)).body).toEqual(created.body);
    const renamed = await api.patch(`/templates/${created.body.id}`, { name: 'Renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed',
      request: REQUEST,
      variables: ['colour', 'price', 'product'],
    });
    const changed = await api.patch(`/templates/${created.body.id}`, {
      request: { prompt: 'About {{topic}}' },
    });
    expect(changed.body.variables).toEqual(['topic']);

    expect((await api.delete(`/templates/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/templates/${created.body.id}`)).status).toBe(404);
    expect((await api.delete(`/templates/${created.body.id}`)).status).toBe(404);
  });

  it("answers 404 for another account's template", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const t = await owner.api.post('/templates', { name: 'Mine', request: { prompt: 'Bees' } });
    expect((await other.api.get(`/templates/${t.body.id}`)).status).toBe(404);
    expect((await other.api.patch(`/templates/${t.body.id}`, { name: 'x' })).status).toBe(404);
    expect((await other.api.delete(`/templates/${t.body.id}`)).status).toBe(404);
    expect((await other.api.get('/templates')).body.data).toEqual([]);
  });

  it('refuses a request POST /videos would refuse, and both or neither of request and from_video_id', async () => {
    const { api } = await createAccount();
    const bad = await api.post('/templates', {
      name: 'Bad',
      request: { prompt: '{{a}}', aspect_ratio: '5:4' },
    });
    expect(bad.status, bad.text).toBe(422);
    expect(locs(bad.body)).toContainEqual(['body', 'request', 'aspect_ratio']);
    const neither = await api.post('/templates', { name: 'Neither' });
    expect(neither.status).toBe(422);
    const nested = await api.post('/templates', {
      name: 'Nested',
      request: { prompt: 'x', template_id: crypto.randomUUID() },
    });
    expect(locs(nested.body)).toContainEqual(['body', 'request', 'template_id']);
    const foreign = await api.post('/templates', { name: 'Foreign', from_video_id: crypto.randomUUID() });
    expect(foreign.status).toBe(422);
    expect(locs(foreign.body)).toContainEqual(['body', 'from_video_id']);
  });

  it('refuses faults in a template request (they are given per video) on POST and PATCH', async () => {
    const { api } = await createAccount();
    const faults = { scripting: { fail: true } };
    const posted = await api.post('/templates', { name: 'Faulty', request: { prompt: 'x', faults } });
    expect(posted.status, posted.text).toBe(422);
    expect(locs(posted.body)).toEqual([['body', 'request', 'faults']]);
    const t = (await api.post('/templates', { name: 'Fine', request: { prompt: 'x' } })).body;
    const patched = await api.patch(`/templates/${t.id}`, { request: { prompt: 'y', faults } });
    expect(locs(patched.body)).toEqual([['body', 'request', 'faults']]);
  });

  it('refuses a PATCH that changes nothing with 422 at body', async () => {
    const { api } = await createAccount();
    const t = (await api.post('/templates', { name: 'Still', request: REQUEST })).body;
    const res = await api.patch(`/templates/${t.id}`, {});
    expect(res.status, res.text).toBe(422);
    expect(locs(res.body)).toEqual([['body']]);
  });

  it('makes a template from a video: its request with its scenes as they are now', async () => {
    const { api } = await createAccount({ credits: 100 });
    const video = await toGate(api, {
      prompt: 'Bees make honey. Honey is sweet.',
      scene_count: 2,
      aspect_ratio: '1:1',
    });
    const scenes = (await api.get(`/videos/${video.id}/scenes`)).body;
    const t = await api.post('/templates', { name: 'From a video', from_video_id: video.id });
    expect(t.status, t.text).toBe(201);
    expect(t.body.request).toMatchObject({
      prompt: 'Bees make honey. Honey is sweet.',
      aspect_ratio: '1:1',
      scenes: scenes.map((s: any) => ({ narration: s.narration, visual_description: s.visual_description })),
    });
    expect(t.body.variables).toEqual([]);
  });

  it('makes a video from a template made from a video: its request holds only fields of POST /videos, the brand as brand_id', async () => {
    const { api } = await createAccount({ credits: 100 });
    const brand = (await api.post('/brands', { name: 'Worn' })).body;
    const video = await toGate(api, {
      prompt: 'Bees make honey. Honey is sweet.',
      scene_count: 2,
      brand_id: brand.id,
    });
    const t = await api.post('/templates', { name: 'From a branded video', from_video_id: video.id });
    expect(t.status, t.text).toBe(201);
    expect(t.body.request).not.toHaveProperty('brand');
    expect(t.body.request.brand_id).toBe(brand.id);
    const made = await api.post('/videos', { template_id: t.body.id });
    expect(made.status, made.text).toBe(201);
  });

  it('makes a video from a template with the variables filled in, fields beside template_id replacing its own', async () => {
    const { api } = await createAccount({ credits: 100 });
    const t = (await api.post('/templates', { name: 'Spotlight', request: REQUEST })).body;
    const res = await api.post('/videos', {
      template_id: t.id,
      variables: { product: 'Trail shoe {{price}}', price: '89 EUR', colour: 'red' },
      aspect_ratio: '16:9',
    });
    expect(res.status, res.text).toBe(201);
    // The value holding {{price}} stays literal: values are never read for placeholders.
    expect(res.body.prompt).toBe('Meet Trail shoe {{price}}. It costs 89 EUR.');
    const row = await testDb()
      .selectFrom('videos')
      .select('options')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.options).toMatchObject({ aspect_ratio: '16:9', auto_approve: false });
    const gated = await waitForVideo(api, res.body.id, (v) => v.awaiting_approval || v.status === 'failed');
    expect(gated.status).toBe('pending');
    const scenes = (await api.get(`/videos/${res.body.id}/scenes`)).body;
    expect(scenes.map((s: any) => s.narration)).toEqual(['Trail shoe {{price}} is here.', 'Only 89 EUR.']);
    expect(scenes[0].visual_description).toBe('A red Trail shoe {{price}} on a table');
  });

  it('is 422 with one detail per missing or unknown variable, and for a template of another account', async () => {
    const { api } = await createAccount({ credits: 100 });
    const t = (await api.post('/templates', { name: 'Spotlight', request: REQUEST })).body;
    const res = await api.post('/videos', {
      template_id: t.id,
      variables: { product: 'Shoe', size: 'L', shade: 'x' },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(locs(res.body).sort()).toEqual(
      [
        ['body', 'variables', 'colour'],
        ['body', 'variables', 'price'],
        ['body', 'variables', 'shade'],
        ['body', 'variables', 'size'],
      ].sort(),
    );
    const long = await api.post('/videos', {
      template_id: t.id,
      variables: { product: 'x'.repeat(501), price: '1', colour: 'red' },
    });
    expect(locs(long.body)).toEqual([['body', 'variables', 'product']]);
    const other = await createAccount();
    const foreign = await other.api.post('/videos', { template_id: t.id, variables: {} });
    expect(foreign.status).toBe(422);
    expect(locs(foreign.body)).toEqual([['body', 'template_id']]);
    const stray = await api.post('/videos', { prompt: 'Bees', variables: { a: 'b' } });
    expect(locs(stray.body)).toEqual([['body', 'variables']]);
    expect((await api.get('/videos')).body.data).toEqual([]);
  });

  it('replays a create from a template under the same Idempotency-Key, even after the template changed', async () => {
    const { api } = await createAccount({ credits: 100 });
    const t = (
      await api.post('/templates', {
        name: 'Plain',
        request: { prompt: 'About {{topic}}', auto_approve: false },
      })
    ).body;
    const body = { template_id: t.id, variables: { topic: 'owls' } };
    const key = { 'Idempotency-Key': `tpl-${t.id}` };
    const first = await api.post('/videos', body, key);
    expect(first.status, first.text).toBe(201);
    await api.patch(`/templates/${t.id}`, { request: { prompt: 'On {{topic}} at night' } });
    const again = await api.post('/videos', body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await api.get('/videos')).body.data).toHaveLength(1);
  });
});
