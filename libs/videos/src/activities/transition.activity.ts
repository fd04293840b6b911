import type { VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { countTransition } from './stage-metrics';
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
      const appended = await videos.events.record(video.accountId, video.id, transition);
      // Counted only by the attempt that appended the event: a retried activity or a replayed
      // workflow finds the key logged and counts nothing again. Metrics never fail the activity.
      if (appended) {
        await countTransition(videos.events, video.accountId, video.id, transition).catch(() => undefined);
      }
    },
  };
}
