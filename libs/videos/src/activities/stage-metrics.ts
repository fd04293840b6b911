import { stageDuration, videosCompleted, videosFailed } from '@vidgen/metrics';
import type { VideoEventRepository } from '../video-event.repository';

/**
 * Events that end the stage running before them. Scripting and refining log no completion of
 * their own: the next stage's start, the gate or a failure ends them.
 */
const STAGE_BOUNDARIES = ['stage_started', 'stage_completed', 'failed', 'awaiting_approval', 'completed'];

export async function countTransition(
  events: Pick<VideoEventRepository, 'stageEndedBy'>,
  accountId: string,
  videoId: string,
  t: { key: string; type: string; failureReason?: { code: string } | null },
): Promise<void> {
  if (t.type === 'completed') videosCompleted.inc();
  if (t.type === 'failed') videosFailed.inc({ code: t.failureReason?.code ?? 'UNKNOWN' });
  if (!STAGE_BOUNDARIES.includes(t.type)) return;
  const ended = await events.stageEndedBy(accountId, videoId, t.key, STAGE_BOUNDARIES);
  if (ended) stageDuration.observe({ stage: ended.stage }, ended.seconds);
}
