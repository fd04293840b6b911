import type { Stage } from './video.contracts';

/**
 * Keys that make a video event, a ledger entry or a refund happen once. The workflow and the
 * activities both build them here, so a retried or replayed activity finds the row its first
 * attempt wrote. Changing a key's shape changes which rows count as "already done": recorded
 * histories and existing databases depend on these exact strings.
 */

/** Ledger items a production run charges and refunds: one per scene image, one for all narration. */
export const chargeItems = {
  image: (sceneId: string) => `image:${sceneId}`,
  narration: 'narration',
} as const;

/** Keys of `video_events` rows (unique per video). */
export const eventKeys = {
  created: 'created',
  /** Script version `v` (1 for the first script, +1 per regenerate). */
  script: {
    stageStarted: (v: number, stage: 'scripting' | 'refining') => `script${v}:${stage}:started`,
    refined: (v: number) => `script${v}:refined`,
    cleared: (v: number) => `script${v}:cleared`,
    awaitingApproval: (v: number) => `script${v}:awaiting_approval`,
    failed: (v: number) => `script${v}:failed`,
    /** A regenerate took a slot and moved the video back into scripting. */
    regenerating: (v: number) => `script${v}:regenerating`,
    /** A regenerate whose outcome was unknown and was settled as not made: the version is spent. */
    regenerationAbandoned: (v: number) => `script${v}:regeneration_abandoned`,
  },
  /** Production run `r` (1 for the first approval, +1 per retry). */
  run: {
    approved: (r: number) => `run${r}:approved`,
    /** An approval whose outcome was unknown and was settled as not made: the run is spent. */
    approvalAbandoned: (r: number) => `run${r}:approval_abandoned`,
    stageStarted: (r: number, stage: Stage) => `run${r}:${stage}:started`,
    stageCompleted: (r: number, stage: Stage) => `run${r}:${stage}:completed`,
    stageFailed: (r: number, stage: Stage) => `run${r}:${stage}:failed`,
    image: (r: number, sceneId: string) => `run${r}:image:${sceneId}`,
    narration: (r: number, sceneId: string) => `run${r}:narration:${sceneId}`,
    curated: (r: number) => `run${r}:curated`,
    rendered: (r: number) => `run${r}:rendered`,
    segment: (r: number, sceneId: string) => `run${r}:segment:${sceneId}`,
    soundtrack: (r: number) => `run${r}:soundtrack`,
    refund: (r: number, item: string) => `run${r}:refund:${item}`,
    completed: (r: number) => `run${r}:completed`,
  },
  /** A step at the review gate (a storyboard or a draft, `g` its id): what it charged and made. */
  gate: {
    charged: (g: string) => `gate:${g}:charged`,
    image: (g: string, sceneId: string) => `gate:${g}:image:${sceneId}`,
    narration: (g: string, sceneId: string) => `gate:${g}:narration:${sceneId}`,
    segment: (g: string, sceneId: string) => `gate:${g}:segment:${sceneId}`,
    rendered: (g: string) => `gate:${g}:rendered`,
    settled: (g: string) => `gate:${g}:settled`,
    previewReady: (g: string) => `gate:${g}:preview_ready`,
  },
  autoApproveFailed: 'auto-approve:failed',
  /**
   * Credits held for an item never made, refunded when the video is deleted (`occasion`
   * "deleted") or its script is replaced by a regenerate (`occasion` "script<v>", the new version).
   */
  unmadeRefund: (occasion: string, item: string) => `${occasion}:refund:${item}`,
  sceneEdit: (editId: string) => `edit:${editId}`,
} as const;

/** Idempotency keys of `ledger_events` rows (unique per account). */
export const ledgerKeys = {
  charge: (videoId: string, r: number, item: string) => `charge:${videoId}:run${r}:${item}`,
  refund: (videoId: string, r: number, item: string) => `refund:${videoId}:run${r}:${item}`,
  /** A charge at the review gate (a storyboard's paid picture, a draft's narration), `g` the step's id. */
  gateCharge: (videoId: string, g: string, item: string) => `charge:${videoId}:gate:${g}:${item}`,
  /** See eventKeys.unmadeRefund: what was held for an item never made, once per occasion. */
  unmadeRefund: (videoId: string, occasion: string, item: string) => `refund:${videoId}:${occasion}:${item}`,
} as const;
