import type { VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { loadVideo } from './video-loader';

export interface TransitionDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'events'>;
}

/** The workflow's own progress (stage started, awaiting approval, failed, …), logged once per key. */
export function createTransitionActivity({
  videos,
}: TransitionDeps): Pick<VideoActivities, 'recordTransition'> {
  return {
    async recordTransition(raw) {
      const { videoId, ...transition } = parseInput(schemas.transition, raw) as typeof raw;
      const video = await loadVideo(videos, videoId);
      await videos.events.record(video.accountId, video.id, transition);
    },
  };
}
