import type { Priority } from '@temporalio/common';
import { proxyActivities } from '@temporalio/workflow';

export interface SimVideo {
  mediaQueue: string;
  /**
   * The pipeline's media stages in order: how many pieces each schedules, how long one takes, and
   * their keys before the video's first piece finished and after (bench/scheduling.ts's schemes).
   */
  stages: { pieces: number; ms: number; keys: { fresh: Priority; begun: Priority } }[];
  /** Each piece weighted 1 + the video's pieces finished before it was scheduled (its fairness weight). */
  weightByProgress?: boolean;
}

interface SimActivities {
  piece(ms: number): Promise<void>;
}

/** One video: each stage's pieces scheduled together on the media queue when the stage before ended. */
export async function simVideo(video: SimVideo): Promise<void> {
  let begun = false;
  let done = 0;
  for (const stage of video.stages) {
    const key = begun ? stage.keys.begun : stage.keys.fresh;
    const run = proxyActivities<SimActivities>({
      taskQueue: video.mediaQueue,
      startToCloseTimeout: '5 minutes',
      priority: video.weightByProgress ? { ...key, fairnessWeight: 1 + done } : key,
    });
    await Promise.all(
      Array.from({ length: stage.pieces }, async () => {
        await run.piece(stage.ms);
        done++;
      }),
    );
    begun = true;
  }
}
