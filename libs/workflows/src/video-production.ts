import { patched } from '@temporalio/workflow';
import { type FailureReason, PRODUCTION_STAGES, type ProductionStage } from './video.contracts';
import { db, mediaQueue, timeline } from './video-activity-proxies';
import { failureFor } from './video-failures';
import { chargeItems, eventKeys } from './video-keys';
import { attempt, IMAGE_CONCURRENCY, recordStageStart, SEGMENT_CONCURRENCY } from './video-stage-steps';
import type { VideoPipelineState } from './video-workflow-state';

const OVERLAPPED_NARRATION_CONCURRENCY = 1;

/** Why a run's production stopped, and the ledger items to refund for it. */
export interface ProductionFailure {
  stage: ProductionStage;
  reason: FailureReason;
  compensations: string[];
}

/** At most `limit` calls of the returned function run at once; the others wait their turn, in order. */
function lanes(limit: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The lane passes to the next in line, or frees up.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const all = async (pieces: readonly Promise<boolean>[]) => (await Promise.all(pieces)).every(Boolean);
const rank = (stage: ProductionStage) => PRODUCTION_STAGES.indexOf(stage);

/**
 * Production from the run's resume stage on, its work overlapped (docs/decisions/0074-overlapped-production.md):
 * the pictures and the narration are made side by side, a scene's segment renders as soon as
 * its inputs exist (its picture and the next scene's, the narration of every scene up to the
 * next one: see segmentScenes), the subtitles and the soundtrack (the audio track, narration file
 * and thumbnail; docs/decisions/0079-soundtrack-before-the-join.md) once every scene is narrated,
 * and the join, which then only muxes, when the last segment lands. The stages are still recorded one after another, each started when the
 * one before it has completed, so the video's status moves forward as before while the pieces
 * of later stages already run underneath.
 *
 * A failure stops everything of later stages from starting (the pieces of its own and earlier
 * stages go on: every picture is tried, as a stage of its own tried them), and the run fails at
 * the earliest stage that failed once nothing of it is still running. Deterministic: pieces start
 * in scene order and only promises are involved.
 */
export async function produceOverlapped(
  s: VideoPipelineState,
  sceneIds: readonly string[],
): Promise<ProductionFailure | null> {
  const { videoId, run: r } = s;
  // Runs that began production before the soundtrack was its own piece mix it in the join.
  const soundtrackFirst = patched('soundtrack-before-join');
  const stages = PRODUCTION_STAGES.slice(rank(s.resumeStage));
  const runs = (stage: ProductionStage) => stages.includes(stage);
  let haltedFrom: number = PRODUCTION_STAGES.length;
  const failures: { stage: ProductionStage; error: unknown }[] = [];
  const failedPictures: { position: number; sceneId: string }[] = [];

  /** Runs one piece unless a failure of an earlier or the same stage stopped it; false when not made. */
  const piece = async (stage: ProductionStage, fn: () => Promise<void>): Promise<boolean> => {
    if (rank(stage) > haltedFrom) return false;
    try {
      await attempt(s, stage, fn);
      return true;
    } catch (error) {
      haltedFrom = Math.min(haltedFrom, rank(stage));
      failures.push({ stage, error });
      return false;
    }
  };

  // Every stage of the run starts its run now (injected faults act on a stage's first run), and
  // the first one's start is recorded before any of its work exists, as it always was.
  for (const stage of stages) s.stageStarted(stage);
  await recordStageStart(s, stages[0]!, eventKeys.run.stageStarted(r, stages[0]!));

  const imageLane = lanes(IMAGE_CONCURRENCY);
  const pictures = sceneIds.map(async (sceneId, k) => {
    if (!runs('visualising')) return true;
    const made = await imageLane(() =>
      piece('visualising', () =>
        mediaQueue(s).media.generateSceneImage({
          videoId,
          sceneId,
          run: r,
          fault: s.activeFault('visualising'),
        }),
      ),
    );
    if (!made) failedPictures.push({ position: k + 1, sceneId });
    return made;
  });
  // One narration at a time: a media worker holds one voice runtime, which narrates one scene at a
  // time over every core, so a second narration would hold a slot only to wait for it, a slot the
  // pictures and segments use meanwhile.
  const narrationLane = lanes(OVERLAPPED_NARRATION_CONCURRENCY);
  const narrations = sceneIds.map(async (sceneId) => {
    if (!runs('narrating')) return true;
    return narrationLane(() =>
      piece('narrating', () =>
        mediaQueue(s).media.narrateScene({ videoId, sceneId, run: r, fault: s.activeFault('narrating') }),
      ),
    );
  });
  const segmentLane = lanes(SEGMENT_CONCURRENCY);
  const segments = sceneIds.map(async (sceneId, k) => {
    const next = Math.min(k + 1, sceneIds.length - 1);
    const inputs = [pictures[k]!, pictures[next]!, ...narrations.slice(0, next + 1)];
    if (!(await all(inputs))) return false;
    return segmentLane(() =>
      piece('rendering', () =>
        mediaQueue(s).segments.renderSegment({
          videoId,
          sceneId,
          run: r,
          // Every scene narrated: nothing of its own video's left to give way to
          // (docs/decisions/0085-fair-within-a-rank.md).
          narrated: !runs('narrating') || s.narrated(),
        }),
      ),
    );
  });
  const soundtrack = (async () => {
    if (!soundtrackFirst) return true;
    // The first picture is the thumbnail; the pictures land long before the last narration.
    if (!(await all([...pictures, ...narrations]))) return false;
    return piece('rendering', () => mediaQueue(s).segments.mixSoundtrack({ videoId, run: r }));
  })();
  const work: Record<ProductionStage, () => Promise<boolean>> = {
    visualising: () => all(pictures),
    narrating: () => all(narrations),
    curating: () =>
      piece('curating', () => timeline.curate({ videoId, run: r, fault: s.activeFault('curating') })),
    rendering: async () =>
      (await all([...segments, soundtrack])) &&
      piece('rendering', () =>
        // Injected faults act in the join, so a rendering fault fails (or delays) the stage once.
        mediaQueue(s).join.joinSegments({ videoId, run: r, fault: s.activeFault('rendering') }),
      ),
  };

  for (const [i, stage] of stages.entries()) {
    if (i > 0) await recordStageStart(s, stage, eventKeys.run.stageStarted(r, stage));
    if (!(await work[stage]())) break;
    await db.recordTransition({
      videoId,
      key: eventKeys.run.stageCompleted(r, stage),
      type: 'stage_completed',
      stage,
    });
  }
  // Nothing of the run is left running when it ends, failed or not.
  await Promise.all([...pictures, ...narrations, ...segments, soundtrack]);
  if (failures.length === 0) return null;
  // Each picture not made is refunded, and the narration when a scene's narration failed.
  failedPictures.sort((a, b) => a.position - b.position);
  const compensations = [
    ...failedPictures.map((p) => chargeItems.image(p.sceneId)),
    ...(failures.some((f) => f.stage === 'narrating') ? [chargeItems.narration] : []),
  ];
  const stage = (PRODUCTION_STAGES as readonly ProductionStage[])[haltedFrom]!;
  if (stage === 'visualising') {
    const many = failedPictures.length > 1;
    return {
      stage,
      compensations,
      reason: {
        code: 'IMAGE_GENERATION_ERROR',
        message: `Image generation failed for scene${many ? 's' : ''} ${failedPictures.map((p) => p.position).join(', ')}`,
        stage,
      },
    };
  }
  const first = failures.find((f) => f.stage === stage)!;
  return { stage, compensations, reason: failureFor(stage, first.error) };
}
