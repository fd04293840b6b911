import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { ChargeService, type LedgerRepository } from '@vidgen/ledger';
import type { FfmpegRenderer, MediaProviders } from '@vidgen/media';
import type { VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { VideoSlots } from '../video-slots';
import { createApprovalActivities } from './approval.activity';
import { createCleanupActivities } from './cleanup.activity';
import { createCurateActivity } from './curate.activity';
import { createMediaStep } from './media-step';
import { createNarrationActivity } from './narration.activity';
import { createRefundActivity } from './refund.activity';
import { createRenderActivity } from './render.activity';
import { createSceneEditActivity } from './scene-edit.activity';
import { createSceneImageActivity } from './scene-image.activity';
import { createScriptActivities } from './script.activity';
import { createTransitionActivity } from './transition.activity';

export interface VideoActivityDeps {
  videos: VideoRepository;
  assets: AssetRepository;
  ledger: LedgerRepository;
  storage: AssetStorage;
  providers: MediaProviders;
  renderer: FfmpegRenderer;
}

/** Every activity of the video workflow, one file per stage, over the worker's dependencies. */
export function createVideoActivities(deps: VideoActivityDeps): VideoActivities {
  const { videos, assets, storage, providers, renderer } = deps;
  const charges = new ChargeService(deps.ledger);
  const slots = new VideoSlots(videos);
  const runStep = createMediaStep({ videos, assets, storage });
  return {
    ...createTransitionActivity({ videos }),
    ...createScriptActivities({ videos, providers }),
    ...createApprovalActivities({ videos, slots, charges }),
    ...createSceneImageActivity({ videos, providers, runStep }),
    ...createNarrationActivity({ videos, providers, runStep }),
    ...createCurateActivity({ videos, runStep }),
    ...createRenderActivity({ videos, assets, storage, renderer, runStep }),
    ...createRefundActivity({ videos, charges }),
    ...createSceneEditActivity({ videos }),
    ...createCleanupActivities({ videos, assets, storage }),
  };
}
