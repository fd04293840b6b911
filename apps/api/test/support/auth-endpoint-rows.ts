// The rows of the endpoint table for videos, assets and credits (see ENDPOINTS).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { type TestAccount, testDb } from '../../../../test/support/api';
import { atGate, finished, waitForVideo } from '../../../../test/support/videos';
import type { EndpointCase } from './auth-endpoints';

/**
 * Makes room for one more video of the owner: videos waiting at the review gate hold one of the
 * account's 3 slots (docs/lifecycle.md), so the gated videos of earlier cases are deleted, and a
 * video an earlier case approved is waited for.
 */
async function freeSlot(owner: TestAccount): Promise<void> {
  for (const until = Date.now() + 240_000; Date.now() < until; ) {
    const videos: { id: string; status: string; awaiting_approval: boolean }[] = (
      await owner.api.get('/videos?limit=100')
    ).body.data;
    for (const v of videos) if (v.awaiting_approval) await owner.api.delete(`/videos/${v.id}`);
    const running = videos.filter((v) => !v.awaiting_approval && !['completed', 'failed'].includes(v.status));
    if (running.length < 3) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A video of the owner waiting at the review gate (scenes readable and editable). */
async function gatedVideo(
  owner: TestAccount,
  sceneCount = 1,
): Promise<{ id: string; scenes: { id: string }[] }> {
  await freeSlot(owner);
  const created = await owner.api.post('/videos', {
    // A sentence per scene it may be asked for: the planner writes no more scenes than clauses.
    prompt: 'Scope matrix: kites over a beach. Gulls over the pier.',
    scene_count: sceneCount,
  });
  expect(created.status, created.text).toBe(201);
  await waitForVideo(owner.api, created.body.id, atGate);
  return { id: created.body.id, scenes: (await owner.api.get(`/videos/${created.body.id}/scenes`)).body };
}

const completed = new WeakMap<TestAccount, Promise<string>>();

/** A completed video of the owner, made once per owner (its transcript is readable). */
function completedVideo(owner: TestAccount): Promise<string> {
  let id = completed.get(owner);
  if (!id) {
    id = (async () => {
      await freeSlot(owner);
      const created = await owner.api.post('/videos', {
        prompt: 'Scope matrix: a finished video.',
        scenes: [{ narration: 'A kite over the beach.' }],
        auto_approve: true,
        motion: 'none',
        transition: 'none',
        captions: { burn_in: false },
      });
      expect(created.status, created.text).toBe(201);
      const done = await waitForVideo(owner.api, created.body.id, finished);
      expect(done.status).toBe('completed');
      return created.body.id as string;
    })();
    completed.set(owner, id);
  }
  return id;
}

export function videoRows(): EndpointCase[] {
  const read = (route: string, path: (id: string) => string): EndpointCase => ({
    method: 'GET',
    route,
    scope: 'videos:read',
    success: 200,
    arrange: async (owner) => ({ path: path((await gatedVideo(owner)).id) }),
  });
  return [
    {
      method: 'POST',
      route: '/videos',
      scope: 'videos:write',
      success: 201,
      arrange: async (owner) => {
        await freeSlot(owner);
        return { path: '/videos', body: { prompt: 'Scope matrix: a new video.', scene_count: 1 } };
      },
    },
    {
      method: 'GET',
      route: '/videos',
      scope: 'videos:read',
      success: 200,
      arrange: async () => ({ path: '/videos' }),
    },
    read('/videos/{id}', (id) => `/videos/${id}`),
    read('/videos/{id}/events', (id) => `/videos/${id}/events`),
    read('/videos/{id}/scenes', (id) => `/videos/${id}/scenes`),
    read('/videos/{id}/storyboard', (id) => `/videos/${id}/storyboard`),
    {
      method: 'POST',
      route: '/videos/{id}/storyboard',
      scope: 'videos:write',
      // The stack draws with the illustrator: the pictures are there at the gate already.
      success: 200,
      arrange: async (owner) => ({ path: `/videos/${(await gatedVideo(owner)).id}/storyboard` }),
    },
    {
      method: 'POST',
      route: '/videos/{id}/preview',
      scope: 'videos:write',
      success: 202,
      arrange: async (owner) => ({ path: `/videos/${(await gatedVideo(owner)).id}/preview` }),
      unchanged: async (owner, req) =>
        expect((await owner.api.get(req.path.replace('/preview', ''))).body.preview).toBeNull(),
    },
    {
      method: 'GET',
      route: '/videos/{id}/transcript',
      scope: 'videos:read',
      success: 200,
      arrange: async (owner) => ({ path: `/videos/${await completedVideo(owner)}/transcript` }),
    },
    {
      method: 'DELETE',
      route: '/videos/{id}',
      scope: 'videos:write',
      success: 204,
      arrange: async (owner) => ({ path: `/videos/${(await gatedVideo(owner)).id}` }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).status).toBe(200),
    },
    {
      method: 'POST',
      route: '/videos/{id}/approve',
      scope: 'videos:write',
      success: 200,
      arrange: async (owner) => ({ path: `/videos/${(await gatedVideo(owner)).id}/approve` }),
      unchanged: async (owner, req) => {
        const video = (await owner.api.get(req.path.replace('/approve', ''))).body;
        expect(video).toMatchObject({ awaiting_approval: true, credits_charged: 0 });
      },
    },
    {
      method: 'POST',
      route: '/videos/{id}/regenerate',
      scope: 'videos:write',
      success: 200,
      arrange: async (owner) => ({
        path: `/videos/${(await gatedVideo(owner)).id}/regenerate`,
        body: { feedback: '' },
      }),
    },
    {
      method: 'POST',
      route: '/videos/{id}/translations',
      scope: 'videos:write',
      // Past the scope guard the video's state is checked first: a video at the gate is 409. A
      // 201 needs a completed video and a model to translate with, which this stack has not.
      success: 409,
      arrange: async (owner) => ({
        path: `/videos/${(await gatedVideo(owner)).id}/translations`,
        body: { language: 'de' },
      }),
    },
    {
      method: 'POST',
      route: '/videos/{id}/scenes',
      scope: 'videos:write',
      success: 201,
      arrange: async (owner) => ({
        path: `/videos/${(await gatedVideo(owner)).id}/scenes`,
        body: { visual_description: 'A red kite', narration: 'The kite climbs.' },
      }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).body).toHaveLength(1),
    },
    {
      method: 'PATCH',
      route: '/videos/{id}/scenes/{sceneId}',
      scope: 'videos:write',
      success: 200,
      arrange: async (owner) => {
        const v = await gatedVideo(owner);
        return {
          path: `/videos/${v.id}/scenes/${v.scenes[0]!.id}`,
          body: { narration: 'Changed by the matrix.' },
        };
      },
      unchanged: async (owner, req) => {
        const scenes = (await owner.api.get(req.path.replace(/\/[^/]+$/, ''))).body;
        expect(scenes[0].narration).not.toBe('Changed by the matrix.');
      },
    },
    {
      method: 'DELETE',
      route: '/videos/{id}/scenes/{sceneId}',
      scope: 'videos:write',
      success: 204,
      arrange: async (owner) => {
        const v = await gatedVideo(owner, 2);
        return { path: `/videos/${v.id}/scenes/${v.scenes[0]!.id}` };
      },
      unchanged: async (owner, req) =>
        expect((await owner.api.get(req.path.replace(/\/[^/]+$/, ''))).body).toHaveLength(2),
    },
  ];
}

/** An asset of the owner, written straight to the table and to the shared stack's storage. */
async function storedAsset(owner: TestAccount): Promise<string> {
  const video = await testDb()
    .insertInto('videos')
    .values({
      account_id: owner.accountId,
      prompt: 'scope matrix asset',
      scene_count: 1,
      awaiting_approval: true,
      options: JSON.stringify({ aspect_ratio: '16:9', voice: null, auto_approve: false }),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const relative = path.join(owner.accountId, video.id, 'note.txt');
  const file = path.join(inject('stack').dataDir, 'shared', 'assets', relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'scope matrix');
  const asset = await testDb()
    .insertInto('assets')
    .values({
      account_id: owner.accountId,
      video_id: video.id,
      type: 'subtitles',
      path: relative,
      mime_type: 'text/plain',
      size_bytes: 12,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return asset.id;
}

/** A 1x1 PNG, the smallest upload that decodes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function assetRows(): EndpointCase[] {
  return [
    {
      method: 'POST',
      route: '/assets',
      scope: 'assets:write',
      success: 201,
      arrange: async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(TINY_PNG)]), 'dot.png');
        form.append('name', `scope matrix ${randomUUID()}`);
        return { path: '/assets', form };
      },
      unchanged: async (owner, req) => {
        const names = (await owner.api.get('/assets?source=upload&limit=100')).body.data.map(
          (a: any) => a.name,
        );
        expect(names).not.toContain(req.form!.get('name'));
      },
    },
    {
      method: 'PATCH',
      route: '/assets/{id}',
      scope: 'assets:write',
      success: 200,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}`, body: { name: 'renamed' } }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).body.name).toBeNull(),
    },
    {
      method: 'GET',
      route: '/assets',
      scope: 'assets:read',
      success: 200,
      arrange: async () => ({ path: '/assets' }),
    },
    {
      method: 'GET',
      route: '/assets/{id}',
      scope: 'assets:read',
      success: 200,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}` }),
    },
    {
      method: 'GET',
      route: '/assets/{id}/content',
      scope: 'assets:read',
      success: 200,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}/content` }),
    },
    {
      method: 'DELETE',
      route: '/assets/{id}',
      scope: 'assets:write',
      success: 204,
      arrange: async (owner) => ({ path: `/assets/${await storedAsset(owner)}` }),
      unchanged: async (owner, req) => expect((await owner.api.get(req.path)).status).toBe(200),
    },
  ];
}

export function creditRows(): EndpointCase[] {
  return [
    {
      method: 'GET',
      route: '/credits',
      scope: 'credits:read',
      success: 200,
      arrange: async () => ({ path: '/credits' }),
    },
    {
      method: 'GET',
      route: '/credits/ledger',
      scope: 'credits:read',
      success: 200,
      arrange: async () => ({ path: '/credits/ledger' }),
    },
    {
      method: 'POST',
      route: '/credits/purchase',
      scope: 'credits:write',
      success: 200,
      arrange: async () => ({
        path: '/credits/purchase',
        body: { plan: 'starter', payment_token: `tok_test_ok_${randomUUID()}` },
      }),
      unchanged: async (owner) => expect((await owner.api.get('/credits')).body.plan).not.toBe('starter'),
    },
  ];
}
