import type { VideoActivities, VideoEventType, WebhookActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { countTransition } from './stage-metrics';
import { loadVideo } from './video-loader';

export interface TransitionDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'events'>;
  /** Tells the webhooks of the transitions they subscribe to (the worker passes the publisher). */
  publish?: WebhookActivities['publishVideoEvent'];
}

/**
 * Transitions that webhooks are told of, published where the workflow records them: the gate
 * and each stage's start (docs/decisions/0067-progress-and-events.md).
 */
const PUBLISHED: Readonly<Record<string, VideoEventType>> = {
  awaiting_approval: 'video.awaiting_approval',
  stage_started: 'video.stage_changed',
};

/** The workflow's own progress (stage started, awaiting approval, failed, …), logged once per key. */
export function createTransitionActivity({
  videos,
  publish,
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
      // Published by every attempt, not only the one that appended: a publish is one delivery per
      // webhook and occurrence (the event's key) however often it runs, so an attempt that
      // appended and then lost its publish is made whole by the retry.
      const event = PUBLISHED[transition.type];
      if (event && publish) await publish({ videoId, event, occurrenceKey: transition.key });
    },
  };
}
