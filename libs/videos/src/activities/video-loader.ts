import { ApplicationFailure } from '@temporalio/activity';
import { UpdateErrorTypes } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import type { Scene } from '../video.types';

/** The video an activity works on; its `accountId` goes into every later call on its data. */
export async function loadVideo(
  videos: Pick<VideoRepository, 'findForWorkflow'>,
  videoId: string,
): Promise<WorkflowVideo> {
  const video = await videos.findForWorkflow(videoId);
  if (!video)
    throw ApplicationFailure.nonRetryable(`Video ${videoId} does not exist`, UpdateErrorTypes.notFound);
  return video;
}

/** One scene of the video, with all of them (a scene's place among the others shapes its image). */
export async function loadScene(
  videos: Pick<VideoRepository, 'scenes'>,
  video: WorkflowVideo,
  sceneId: string,
): Promise<{ scene: Scene; scenes: Scene[] }> {
  const scenes = await videos.scenes.list(video.accountId, video.id);
  const scene = scenes.find((s) => s.id === sceneId);
  if (!scene) throw ApplicationFailure.nonRetryable(`Scene ${sceneId} does not exist`, 'INVALID_INPUT');
  return { scene, scenes };
}
