import { ApplicationFailure } from '@temporalio/activity';
import { NotFoundError } from '@vidgen/core';
import { refineNarration } from '@vidgen/media';
import { eventKeys, type SceneEdit, UpdateErrorTypes, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { VIDEO_LIMITS } from '../video.types';
import { parseInput, schemas } from './activity-inputs';
import { businessFailure } from './failures';
import { loadVideo } from './video-loader';

export interface SceneEditDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'scenes' | 'events' | 'previews'>;
}

/**
 * A person's edit gets the same tidying as a written script's narration (markup and control
 * characters never reach speech or captions); a description only loses control characters.
 */
function tidyEdit(edit: SceneEdit): SceneEdit {
  if (edit.op === 'delete') return edit;
  const narration = edit.narration === undefined ? undefined : refineNarration(edit.narration);
  if (narration === '') {
    throw ApplicationFailure.nonRetryable('narration has no speakable text', UpdateErrorTypes.validation);
  }
  const description = edit.visual_description?.replace(/\p{Cc}/gu, ' ').trim();
  return {
    ...edit,
    ...(narration !== undefined && { narration }),
    ...(description !== undefined && { visual_description: description }),
  } as SceneEdit;
}

/** Scene edits at the review gate: update, add or delete one scene, logged once per edit. */
export function createSceneEditActivity({ videos }: SceneEditDeps): Pick<VideoActivities, 'applySceneEdit'> {
  return {
    async applySceneEdit(raw) {
      const input = parseInput(schemas.sceneEdit, raw);
      const edit = tidyEdit(input.edit);
      const key = eventKeys.sceneEdit(input.editId);
      const video = await loadVideo(videos, input.videoId);
      const { accountId, id: videoId } = video;
      try {
        return await videos.transaction(async (trx) => {
          // The same edit applied again (a retried activity) changes nothing and answers as the first did.
          await videos.events.lock(accountId, videoId, trx);
          const applied = await videos.events.data(accountId, videoId, key, trx);
          if (applied)
            return { sceneId: edit.op === 'delete' ? null : ((applied.scene_id as string | null) ?? null) };
          const scenes = await videos.scenes.list(accountId, videoId, trx);
          let sceneId: string | null = null;
          if (edit.op === 'update') {
            const patch = {
              ...(edit.visual_description !== undefined && { visual_description: edit.visual_description }),
              ...(edit.narration !== undefined && { narration: edit.narration }),
              ...(edit.image_asset_id !== undefined && { image_asset_id: edit.image_asset_id }),
            };
            if (!(await videos.scenes.updateText(accountId, videoId, edit.sceneId, patch, trx)))
              throw new NotFoundError('Scene');
            sceneId = edit.sceneId;
          } else if (edit.op === 'add') {
            if (scenes.length >= VIDEO_LIMITS.sceneCountMax) {
              throw ApplicationFailure.nonRetryable(
                `A video has at most ${VIDEO_LIMITS.sceneCountMax} scenes`,
                UpdateErrorTypes.invalidState,
              );
            }
            sceneId = await videos.scenes.insert(accountId, videoId, edit, edit.position, trx);
          } else {
            if (!scenes.some((s) => s.id === edit.sceneId)) throw new NotFoundError('Scene');
            if (scenes.length <= 1) {
              throw ApplicationFailure.nonRetryable(
                'A video needs at least one scene',
                UpdateErrorTypes.invalidState,
              );
            }
            await videos.scenes.delete(accountId, videoId, edit.sceneId, trx);
          }
          // A draft no longer shows the scenes as they are.
          await videos.previews.markStale(accountId, videoId, trx);
          const count = (await videos.scenes.list(accountId, videoId, trx)).length;
          await videos.events.record(
            accountId,
            videoId,
            {
              key,
              type: 'scene_edited',
              data: { op: edit.op, scene_id: sceneId ?? (edit.op === 'delete' ? edit.sceneId : null) },
              set: { scene_count: count },
            },
            trx,
          );
          return { sceneId };
        });
      } catch (err) {
        throw businessFailure(err);
      }
    },
  };
}
