// The videos and checks that the video lifecycle specs share.
import { expect } from 'vitest';
import { type ApiClient, createAccount } from '../../../../test/support/api';
import { approveAndFinish, expectError, scenesOf, shared, toGate } from '../../../../test/support/lifecycle';
import { createVideo } from '../../../../test/support/videos';

export const BEES = 'How honey bees turn nectar into honey. They work together as a team.';
export const SCENE = {
  visual_description: 'A beekeeper lifts a frame from the hive',
  narration: 'The keeper checks the frames.',
};

/** The three scene edits (docs/lifecycle.md#calls-by-state), each expected to be a 409 INVALID_STATE. */
export async function expectSceneEditsRefused(api: ApiClient, videoId: string, sceneId: string) {
  expectError(
    await api.patch(`/videos/${videoId}/scenes/${sceneId}`, { narration: 'Changed.' }),
    409,
    'INVALID_STATE',
  );
  expectError(await api.post(`/videos/${videoId}/scenes`, SCENE), 409, 'INVALID_STATE');
  expectError(await api.delete(`/videos/${videoId}/scenes/${sceneId}`), 409, 'INVALID_STATE');
}

/**
 * A video approved at the gate whose first image attempts fail twice (fault injection), so
 * it stays in `visualising` for at least 3 s (1 s + 2 s retry backoff) after the approval
 * answers: long enough for a handful of requests against a running stage.
 */
export async function runningVideo(api: ApiClient) {
  const gated = await toGate(api, {
    prompt: BEES,
    scene_count: 1,
    faults: { visualising: { fail_attempts: 2 } },
  });
  const approved = await api.post(`/videos/${gated.id}/approve`);
  expect(approved.status).toBe(200);
  expect(approved.body.status).toBe('visualising');
  return approved.body;
}

/** A video created with scripting held back (two failed attempts), so it sits queued/scripting for 3 s. */
export async function scriptingVideo(api: ApiClient) {
  const created = await createVideo(api, {
    prompt: BEES,
    scene_count: 1,
    faults: { scripting: { fail_attempts: 2 } },
  });
  expect(created).toMatchObject({ status: 'pending', awaiting_approval: false });
  return created;
}

export const completedVideo = shared(async () => {
  const account = await createAccount({ credits: 20 });
  const gated = await toGate(account.api, { prompt: BEES, scene_count: 2 });
  const done = await approveAndFinish(account.api, gated.id);
  expect(done.status).toBe('completed');
  return { ...account, video: done, scenes: await scenesOf(account.api, done.id) };
});
