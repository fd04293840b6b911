import { beforeAll, describe, expect, it } from 'vitest';
import { gateActivitiesOnPostgres } from './support/gate-activities';

describe('gate activities on PostgreSQL: scene edits', () => {
  const gate = gateActivitiesOnPostgres();
  const { run, videos, videoAtGate } = gate;
  let a: ReturnType<typeof gate.activities>;
  beforeAll(() => {
    a = gate.activities();
  });

  it('a scene edit applied twice (a retried activity) adds one scene and answers the same both times', async () => {
    const { videoId, accountId } = await videoAtGate();
    const edit = { op: 'add' as const, visual_description: 'A new shot', narration: 'A new line.' };
    const first = await run(() => a.applySceneEdit({ videoId, editId: 'e-add', edit }));
    const second = await run(() => a.applySceneEdit({ videoId, editId: 'e-add', edit }));
    expect(second).toEqual(first);
    expect(await videos().scenes.list(accountId, videoId)).toHaveLength(3);
  });

  it('a delete applied twice deletes once and does not answer "not found" the second time', async () => {
    const { videoId, accountId } = await videoAtGate(20, 3);
    const [, doomed] = await videos().scenes.list(accountId, videoId);
    const edit = { op: 'delete' as const, sceneId: doomed!.id };
    await run(() => a.applySceneEdit({ videoId, editId: 'e-del', edit }));
    await expect(run(() => a.applySceneEdit({ videoId, editId: 'e-del', edit }))).resolves.toEqual({
      sceneId: null,
    });
    expect((await videos().scenes.list(accountId, videoId)).map((s) => s.narration)).toEqual([
      'Line 1.',
      'Line 3.',
    ]);
  });

  it('an edited narration is tidied like a written one: no control characters or markup reach speech', async () => {
    const { videoId, accountId } = await videoAtGate();
    const [scene] = await videos().scenes.list(accountId, videoId);
    const narration = 'the **bell**\u0007 rings\u001b[31m twice';
    await run(() =>
      a.applySceneEdit({ videoId, editId: 'e-tidy', edit: { op: 'update', sceneId: scene!.id, narration } }),
    );
    const [edited] = await videos().scenes.list(accountId, videoId);
    expect(edited!.narration).toBe('The bell rings [31m twice.');
    expect(edited!.narration).not.toMatch(/\p{Cc}/u);
  });
});
