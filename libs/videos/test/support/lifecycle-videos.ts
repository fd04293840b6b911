// The videos and checks that the video lifecycle specs share, over the typed client.
import type { VidgenClient } from '@vidgen/client';
import { expect } from 'vitest';
import { createAccount } from '../../../../test/support/api';
import { shared } from '../../../../test/support/lifecycle';
import {
  approveAndFinish,
  createVideo,
  expectApiError,
  scenePath,
  scenesOf,
  toGate,
  videoPath,
} from '../../../../test/support/video-client';

// One sentence per scene (up to 3): the planner writes no more scenes than the prompt has clauses.
export const BEES =
  'How honey bees turn nectar into honey. They work together as a team. Each hive stores honey for the winter.';
export const SCENE = {
  visual_description: 'A beekeeper lifts a frame from the hive',
  narration: 'The keeper checks the frames.',
};

/** The three scene edits (docs/lifecycle.md#calls-by-state), each expected to be a 409 INVALID_STATE. */
export async function expectSceneEditsRefused(client: VidgenClient, videoId: string, sceneId: string) {
  expectApiError(
    await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
      ...scenePath(videoId, sceneId),
      body: { narration: 'Changed.' },
    }),
    409,
    'INVALID_STATE',
  );
  expectApiError(
    await client.POST('/api/v1/videos/{id}/scenes', { ...videoPath(videoId), body: SCENE }),
    409,
    'INVALID_STATE',
  );
  expectApiError(
    await client.DELETE('/api/v1/videos/{id}/scenes/{sceneId}', scenePath(videoId, sceneId)),
    409,
    'INVALID_STATE',
  );
}

/**
 * A video approved at the gate whose first image attempts fail twice (fault injection), so
 * it stays in `visualising` for at least 3 s (1 s + 2 s retry backoff) after the approval
 * answers: long enough for a handful of requests against a running stage.
 */
export async function runningVideo(client: VidgenClient) {
  const gated = await toGate(client, {
    prompt: BEES,
    scene_count: 1,
    faults: { visualising: { fail_attempts: 2 } },
  });
  const approved = await client.POST('/api/v1/videos/{id}/approve', videoPath(gated.id));
  expect(approved.response.status).toBe(200);
  expect(approved.data?.status).toBe('visualising');
  return approved.data!;
}

/** A video created with scripting held back (two failed attempts), so it sits queued/scripting for 3 s. */
export async function scriptingVideo(client: VidgenClient) {
  const created = await createVideo(client, {
    prompt: BEES,
    scene_count: 1,
    faults: { scripting: { fail_attempts: 2 } },
  });
  expect(created).toMatchObject({ status: 'pending', awaiting_approval: false });
  return created;
}

export const completedVideo = shared(async () => {
  const account = await createAccount({ credits: 20 });
  const gated = await toGate(account.client, { prompt: BEES, scene_count: 2 });
  const done = await approveAndFinish(account.client, gated.id);
  expect(done.status).toBe('completed');
  return { ...account, video: done, scenes: await scenesOf(account.client, done.id) };
});
