import { patched, setHandler, uuid4 } from '@temporalio/workflow';
import { mapBounded } from './bounded-map';
import { type ActiveFault, previewUpdate, storyboardUpdate } from './video.contracts';
import { db, gate, type MediaSource, mediaQueue, webhooks } from './video-activity-proxies';
import { asUpdateFailure, invalidState } from './video-failures';
import { eventKeys } from './video-keys';
import type { VideoPipelineState } from './video-workflow-state';

/**
 * The review gate's storyboard and draft (docs/decisions/0068-storyboard-and-draft.md). They run
 * the production activities (scene-image, narration, render-segment, join), told the gate step
 * they work for, so what they make is what the production run reuses.
 */

const PICTURE_CONCURRENCY = 4;
const NARRATION_CONCURRENCY = 2;
const SEGMENT_CONCURRENCY = 4;
/** Gate steps inject no faults: faults are the production stages'. */
const NO_FAULT: ActiveFault = {
  timeout: false,
  fail: false,
  failScenes: [],
  priorAttempts: 0,
  failAttempts: 0,
};

/** The draft's media work goes first in the media queue (MEDIA_PRIORITY.draft). */
function draftWork(s: VideoPipelineState): MediaSource {
  return { mediaWork: () => ({ ...s.mediaWork(), kind: 'draft' }), mediaPieceFinished: () => undefined };
}

/** Each scene's picture, kept as its storyboard picture; a picture that fails is made at approval. */
async function pictures(s: VideoPipelineState, source: MediaSource, step: string, sceneIds: string[]) {
  const { media } = mediaQueue(source);
  let made = 0;
  await mapBounded(sceneIds, PICTURE_CONCURRENCY, async (sceneId) => {
    try {
      await media.generateSceneImage({
        videoId: s.videoId,
        sceneId,
        run: s.run,
        fault: NO_FAULT,
        gate: step,
      });
      made++;
    } catch {
      // Left without a picture: the storyboard shows none, the run makes it.
    }
  });
  return made;
}

/**
 * Before the gate: with the illustrator a picture costs nothing, so every scene gets its
 * storyboard picture before the video waits for its approval. Paid pictures wait for a request.
 */
export async function storyboardBeforeGate(s: VideoPipelineState): Promise<void> {
  // An auto-approved video never waits at the gate: its pictures are made at visualising. Faults
  // injected into visualising act on the pictures made there: none is made before.
  if (s.autoApprovePending || s.hasFaults('visualising')) return;
  if (!patched('storyboard-before-gate')) return;
  try {
    const plan = await db.planStoryboard({ videoId: s.videoId });
    if (plan.paid || plan.sceneIds.length === 0) return;
    await pictures(s, s, uuid4(), plan.sceneIds);
  } catch {
    // No storyboard is no failure: the pictures are made at approval.
  }
}

/** A draft asked for at the gate, run by the main loop (so nothing else runs meanwhile). */
export async function runDraft(s: VideoPipelineState): Promise<void> {
  const step = s.draftRequested!;
  const { videoId } = s;
  const source = draftWork(s);
  try {
    const q = mediaQueue(source);
    const plan = await db.planStoryboard({ videoId });
    await pictures(s, source, step, plan.sceneIds);
    const { sceneIds } = await db.planProduction({ videoId, run: s.run + 1 });
    await mapBounded(sceneIds, NARRATION_CONCURRENCY, (sceneId) =>
      q.media.narrateScene({ videoId, sceneId, run: s.run, fault: NO_FAULT, gate: step }),
    );
    await mapBounded(sceneIds, SEGMENT_CONCURRENCY, (sceneId) =>
      q.segments.renderSegment({ videoId, sceneId, run: s.run, draft: step, narrated: true }),
    );
    await q.join.joinSegments({ videoId, run: s.run, fault: NO_FAULT, draft: step });
  } catch {
    // The draft failed (or the video went): settling says so and gives back what it did not make.
  }
  try {
    const { ready } = await db.settleGateStep({ videoId, gate: step, kind: 'draft' });
    if (ready) {
      await webhooks.publishVideoEvent({
        videoId,
        event: 'video.preview_ready',
        occurrenceKey: eventKeys.gate.previewReady(step),
      });
    }
  } catch {
    // A deleted video has nothing left to settle.
  } finally {
    s.draftRequested = null;
  }
}

/** POST /videos/{id}/storyboard and /preview, each at the gate only. */
export function registerGateStepHandlers(s: VideoPipelineState): void {
  const atGate = (what: string) => () => {
    if (s.phase === 'gate') return;
    throw invalidState(`${what} only while the video awaits approval`);
  };

  setHandler(
    storyboardUpdate,
    () => {
      s.updateAccepted();
      return s.exclusive(async () => {
        if (s.phase !== 'gate')
          throw invalidState('A storyboard is made only while the video awaits approval');
        const step = uuid4();
        let sceneIds: string[];
        try {
          ({ sceneIds } = await gate.chargeGateStep({ videoId: s.videoId, gate: step, kind: 'storyboard' }));
        } catch (err) {
          throw asUpdateFailure(err);
        }
        const made = await pictures(s, draftWork(s), step, sceneIds);
        if (made < sceneIds.length)
          await db.settleGateStep({ videoId: s.videoId, gate: step, kind: 'storyboard' });
        return { pictures: made };
      });
    },
    { validator: atGate('A storyboard is made') },
  );

  setHandler(
    previewUpdate,
    () => {
      s.updateAccepted();
      return s.exclusive(async () => {
        if (s.draftRequested) return { draft: s.draftRequested };
        if (s.phase !== 'gate') throw invalidState('A draft is made only while the video awaits approval');
        const step = uuid4();
        try {
          await gate.chargeGateStep({ videoId: s.videoId, gate: step, kind: 'draft' });
        } catch (err) {
          throw asUpdateFailure(err);
        }
        // The main loop runs it; the record already shows it rendering.
        s.draftRequested = step;
        return { draft: step };
      });
    },
    { validator: atGate('A draft is made') },
  );
}
