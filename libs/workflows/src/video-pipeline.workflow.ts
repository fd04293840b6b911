import {
  allHandlersFinished,
  condition,
  continueAsNew,
  deprecatePatch,
  setHandler,
  uuid4,
} from '@temporalio/workflow';
import {
  approveUpdate,
  deleteUpdate,
  editScenesUpdate,
  regenerateUpdate,
  type SceneEdit,
  stateQuery,
  type VideoWorkflowInput,
  type VideoWorkflowResult,
} from './video.contracts';
import { type Approver, db, gate } from './video-activity-proxies';
import { asUpdateFailure, autoApprovalFailure, failureFor, invalidState } from './video-failures';
import { registerGateStepHandlers, runDraft, storyboardBeforeGate } from './video-gate-steps';
import { eventKeys } from './video-keys';
import { approve, decidedOnce, fail, produce, writeScript } from './video-stages';
import { VideoPipelineState } from './video-workflow-state';

/**
 * One workflow per video (id `video-<id>`): scripting → refining → review gate → visualising →
 * narrating → curating → rendering (docs/lifecycle.md). The gate, retries, regeneration, scene
 * edits and deletion arrive as Workflow Updates, so the api answers with the real outcome. The
 * workflow stays open while a video waits at the gate or sits failed, and ends when it
 * completes or is deleted. A `deprecatePatch(id)` stands where a past change's marker is
 * recorded, so runs that recorded it replay; docs/workflow-versions.md says when each goes.
 */
export async function videoPipelineWorkflow(input: VideoWorkflowInput): Promise<VideoWorkflowResult> {
  const s = new VideoPipelineState(input);
  registerHandlers(s);

  /*
   * Every phase has a case that awaits something or moves the phase on. An iteration that did
   * neither would spin inside one workflow task until the isolate timeout kills it (and, on
   * Node, the worker with it). `approving` is such a phase: an approval's update handler holds
   * it while it books the charges, also when the retry lands while fail() is still publishing.
   */
  for (;;) {
    const now = s.current();
    switch (now) {
      case 'scripting':
        await scriptAndWait(s);
        break;
      case 'gate':
        if (s.autoApprovePending) await autoApprove(s);
        else if (s.draftRequested) await runDraft(s);
        else await idle(s, 'gate', input);
        break;
      case 'approving':
        await condition(() => s.phase !== 'approving');
        break;
      case 'producing':
        await produce(s);
        break;
      case 'failed':
        await idle(s, 'failed', input);
        break;
      case 'completed':
      case 'deleted':
        await condition(() => allHandlersFinished());
        return { videoId: s.videoId, status: now };
      default: {
        const unhandled: never = now;
        throw new Error(`No step for phase ${String(unhandled)}`);
      }
    }
  }
}

/**
 * Waits at the gate or failed until an update moves the video on. A long wait can collect
 * many updates (each edit, each refused approval); before the run reaches Temporal's per-run
 * limits it continues as new here, where nothing is in flight, carrying its state over.
 */
async function idle(
  s: VideoPipelineState,
  phase: 'gate' | 'failed',
  input: VideoWorkflowInput,
): Promise<void> {
  // A draft asked for at the gate wakes it too: the main loop runs it (never across a continue-as-new).
  await condition(() => s.phase !== phase || s.historyFull() || s.draftRequested !== null);
  if (s.phase !== phase || s.draftRequested) return;
  await condition(() => allHandlersFinished() || s.phase !== phase);
  if (s.phase !== phase || s.draftRequested) return;
  deprecatePatch('continue-as-new-when-idle');
  await continueAsNew<typeof videoPipelineWorkflow>({ ...input, carried: s.snapshot(phase) });
}

/** Writes the script, then parks the video at the review gate, or fails it. */
async function scriptAndWait(s: VideoPipelineState): Promise<void> {
  const version = s.scriptVersion;
  try {
    await writeScript(s);
  } catch (err) {
    const reason = failureFor('scripting', err);
    s.retryFrom = null;
    s.failedStage = reason.stage === 'approval' ? null : reason.stage;
    await db.clearScenes({ videoId: s.videoId, scriptVersion: version });
    await fail(s, reason, eventKeys.script.failed(version), version);
    return;
  }
  await storyboardBeforeGate(s);
  s.setPhase('gate', 'pending', null);
  // An auto-approved video never waits at the gate: it keeps the slot it took when it was
  // created, so its approval cannot lose a race for one.
  if (!s.autoApprovePending) {
    await db.recordTransition({
      videoId: s.videoId,
      key: eventKeys.script.awaitingApproval(version),
      type: 'awaiting_approval',
      status: 'pending',
      stage: null,
      awaitingApproval: true,
      failureReason: null,
    });
  }
  s.scriptOutcomeVersion = version;
}

/**
 * `acts`, with each production plan's rank of the video in its account kept for its media work
 * (VideoPipelineState.productionPlanned): no command of its own, the plan's activity result only.
 */
function ranking(s: VideoPipelineState, acts: Approver): Approver {
  return {
    planProduction: async (input) => {
      const plan = await acts.planProduction(input);
      s.productionPlanned(plan);
      return plan;
    },
    approveProduction: (input) => acts.approveProduction(input),
  };
}

async function autoApprove(s: VideoPipelineState): Promise<void> {
  s.autoApprovePending = false;
  try {
    await s.exclusive(() => approve(s, false, ranking(s, db)));
  } catch (err) {
    // The workflow must not end on an exception (the row would be left behind): a refusal
    // fails the video, which a later approve can retry.
    s.retryFrom = 'visualising';
    await fail(s, autoApprovalFailure(err), eventKeys.autoApproveFailed);
  }
}

/** The review gate's updates; each runs alone (s.exclusive) and re-checks what its validator saw. */
function registerHandlers(s: VideoPipelineState): void {
  setHandler(stateQuery, () => s.query());
  registerGateStepHandlers(s);

  setHandler(
    approveUpdate,
    (): Promise<{ run: number }> => {
      s.updateAccepted();
      return s.exclusive(async () => {
        const before = s.current();
        const isRetry = before === 'failed';
        if (!(before === 'gate' || (isRetry && s.retryFrom)))
          throw invalidState('The video cannot be approved now');
        s.phase = 'approving';
        try {
          await approve(s, isRetry, ranking(s, gate));
          return { run: s.run };
        } catch (err) {
          s.phase = before;
          throw asUpdateFailure(err);
        }
      });
    },
    {
      validator: () => {
        if (s.phase === 'gate') return;
        if (s.phase === 'failed' && s.retryFrom) return;
        if (s.phase === 'failed') {
          throw invalidState(
            'The video failed before it had scenes; call POST /videos/{id}/regenerate first',
          );
        }
        if (s.phase === 'completed') throw invalidState('The video is already completed');
        throw invalidState('The video is being processed and cannot be approved now');
      },
    },
  );

  setHandler(
    regenerateUpdate,
    ({ feedback }) => {
      s.updateAccepted();
      return s.exclusive(async () => {
        if (s.phase !== 'gate' && s.phase !== 'failed')
          throw invalidState('The video cannot be regenerated now');
        const version = s.scriptVersion + 1;
        deprecatePatch('regenerate-takes-slot');
        // Back in progress: it needs one of the account's slots, like an approval.
        try {
          await decidedOnce(
            s,
            () => gate.beginRegeneration({ videoId: s.videoId, scriptVersion: version }),
            eventKeys.script.regenerating(version),
            eventKeys.script.regenerationAbandoned(version),
            () => {
              s.scriptVersion = version; // spent: the next regenerate writes another version
            },
          );
        } catch (err) {
          throw asUpdateFailure(err);
        }
        s.feedback = feedback;
        s.scriptVersion = version;
        s.retryFrom = null;
        s.failedStage = null;
        s.phase = 'scripting';
        // Answers once the new script's outcome (the gate, or a failure) is on record.
        await condition(() => s.scriptOutcomeVersion >= version);
        return { phase: s.current() };
      });
    },
    {
      validator: (_input: { feedback: string }) => {
        if (s.phase === 'gate' || s.phase === 'failed') return;
        if (s.phase === 'completed') throw invalidState('A completed video cannot be regenerated');
        throw invalidState('The video is being processed and cannot be regenerated now');
      },
    },
  );

  setHandler(
    editScenesUpdate,
    (edit) => {
      s.updateAccepted();
      return s.exclusive(async () => {
        if (s.phase !== 'gate')
          throw invalidState('Scenes can only be changed while the video awaits approval');
        try {
          return await gate.applySceneEdit({ videoId: s.videoId, editId: uuid4(), edit });
        } catch (err) {
          throw asUpdateFailure(err);
        }
      });
    },
    {
      validator: (_edit: SceneEdit) => {
        if (s.phase === 'gate') return;
        throw invalidState(
          s.phase === 'completed' || s.phase === 'failed'
            ? `Scenes of a ${s.phase} video cannot be changed`
            : 'Scenes can only be changed while the video awaits approval',
        );
      },
    },
  );

  setHandler(
    deleteUpdate,
    () => {
      s.updateAccepted();
      return s.exclusive(async () => {
        const before = s.current();
        if (before !== 'gate' && before !== 'failed') throw invalidState('The video is being processed');
        s.phase = 'deleted';
        try {
          await gate.purgeVideo({ videoId: s.videoId });
        } catch (err) {
          s.phase = before;
          throw asUpdateFailure(err);
        }
        return { deleted: true as const };
      });
    },
    {
      validator: () => {
        if (s.phase === 'gate' || s.phase === 'failed') return;
        if (s.phase === 'completed') throw invalidState('The video is completed; delete it through the api');
        throw invalidState('A video that is being processed cannot be deleted');
      },
    },
  );
}
