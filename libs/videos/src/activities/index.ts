import { heartbeating } from '@vidgen/activity-kit';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { ChargeService, type LedgerRepository } from '@vidgen/ledger';
import type { BuiltProviders, FfmpegRenderer, MediaProviders } from '@vidgen/media';
import type { VideoActivities, WebhookActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { VideoSlots } from '../video-slots';
import { createApprovalActivities } from './approval.activity';
import { createCleanupActivities } from './cleanup.activity';
import { createCurateActivity } from './curate.activity';
import { createGateStepActivities } from './gate-step.activity';
import { createMediaStep } from './media-step';
import { createNarrationActivity } from './narration.activity';
import { createRefundActivity } from './refund.activity';
import { createRenderActivity } from './render.activity';
import { createRenderSegmentActivity } from './render-segment.activity';
import { createSceneEditActivity } from './scene-edit.activity';
import { createSceneImageActivity } from './scene-image.activity';
import { createScriptActivities } from './script.activity';
import { createSoundtrackActivity } from './soundtrack.activity';
import type { StockDeps } from './stock-pick';
import { createTransitionActivity } from './transition.activity';

export interface VideoActivityDeps {
  videos: VideoRepository;
  assets: AssetRepository;
  ledger: LedgerRepository;
  storage: AssetStorage;
  /** With `describe` (what the worker builds), a storyboard knows whether its pictures are paid for. */
  providers: MediaProviders & Partial<Pick<BuiltProviders, 'describe'>>;
  renderer: FfmpegRenderer;
  /** The stock library for `"visuals": "stock"`, when one is configured. */
  stock?: StockDeps | null;
  /** The webhook publisher, for the transitions webhooks subscribe to (the gate, stage changes). */
  publish?: WebhookActivities['publishVideoEvent'];
}

/** Every activity of the video workflow, one file per stage, over the worker's dependencies. */
export function createVideoActivities(deps: VideoActivityDeps): VideoActivities {
  const { videos, assets, storage, providers, renderer } = deps;
  const charges = new ChargeService(deps.ledger);
  const slots = new VideoSlots(videos);
  const runStep = createMediaStep({ videos, assets, storage });
  const script = createScriptActivities({ videos, providers });
  return {
    ...createTransitionActivity({ videos, publish: deps.publish }),
    // A script writer can take minutes (a language model): it heartbeats, so a lost attempt is
    // noticed within the proxy's heartbeat timeout, not its two-minute start-to-close.
    writeScript: (input) => heartbeating(() => script.writeScript(input)),
    refineScript: (input) => heartbeating(() => script.refineScript(input)),
    ...createApprovalActivities({ videos, slots, charges, assets }),
    ...createSceneImageActivity({ videos, providers, runStep, stock: deps.stock }),
    ...createNarrationActivity({ videos, providers, runStep, assets, storage, renderer }),
    ...createCurateActivity({ videos, runStep }),
    ...createRenderActivity({ videos, assets, storage, renderer, runStep }),
    ...createRenderSegmentActivity({ videos, assets, storage, renderer, runStep }),
    ...createSoundtrackActivity({ videos, assets, storage, renderer, runStep }),
    ...createRefundActivity({ videos, charges }),
    ...createSceneEditActivity({ videos }),
    ...createCleanupActivities({ videos, assets, storage, charges }),
    ...createGateStepActivities({ videos, charges, providers }),
  };
}
