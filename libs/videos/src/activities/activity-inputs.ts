import { z } from 'zod';

export { parseInput } from '@vidgen/activity-kit';

const uuid = z.string().uuid();
const gateId = z.string().min(1).max(64);
export const faultSchema = z.object({
  timeout: z.boolean(),
  fail: z.boolean(),
  failScenes: z.array(z.number().int().positive()),
  priorAttempts: z.number().int().min(0),
  failAttempts: z.number().int().min(0),
});
const draft = z.object({
  visual_description: z.string(),
  narration: z.string().min(1),
  image_asset_id: uuid.nullable().optional(),
  audio_asset_id: uuid.nullable().optional(),
  search_terms: z.string().max(100).nullable().optional(),
});

export const schemas = {
  transition: z.object({
    videoId: uuid,
    key: z.string().min(1).max(200),
    type: z.string().min(1).max(64),
    status: z.string().optional(),
    stage: z.string().nullable().optional(),
    awaitingApproval: z.boolean().optional(),
    failureReason: z
      .object({ code: z.string(), message: z.string(), stage: z.string() })
      .nullable()
      .optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  writeScript: z.object({
    videoId: uuid,
    scriptVersion: z.number().int().positive(),
    feedback: z.string().nullable(),
    fault: faultSchema,
  }),
  refineScript: z.object({
    videoId: uuid,
    scriptVersion: z.number().int().positive(),
    drafts: z.array(draft).min(1).max(12),
    fault: faultSchema,
  }),
  plan: z.object({ videoId: uuid, run: z.number().int().positive() }),
  approve: z.object({
    videoId: uuid,
    run: z.number().int().positive(),
    charges: z.array(z.object({ item: z.string().min(1), amount: z.number().int().min(0) })),
    resumeStage: z.enum(['visualising', 'narrating', 'curating', 'rendering']),
    isRetry: z.boolean(),
  }),
  // `gate`/`draft`: work of a step at the review gate (its id), where the run may still be 0.
  sceneWork: z.object({
    videoId: uuid,
    sceneId: uuid,
    run: z.number().int().min(0),
    fault: faultSchema,
    gate: gateId.optional(),
  }),
  segmentWork: z.object({
    videoId: uuid,
    sceneId: uuid,
    run: z.number().int().min(0),
    draft: gateId.optional(),
    narrated: z.boolean().optional(),
  }),
  soundtrackWork: z.object({ videoId: uuid, run: z.number().int().min(0) }),
  videoWork: z.object({
    videoId: uuid,
    run: z.number().int().min(0),
    fault: faultSchema,
    draft: gateId.optional(),
  }),
  gateStep: z.object({ videoId: uuid, gate: gateId, kind: z.enum(['storyboard', 'draft']) }),
  refund: z.object({
    videoId: uuid,
    run: z.number().int().positive(),
    items: z.array(z.string().min(1)),
    reason: z.string(),
  }),
  sceneEdit: z.object({
    videoId: uuid,
    editId: z.string().min(1),
    edit: z.discriminatedUnion('op', [
      z.object({
        op: z.literal('update'),
        sceneId: uuid,
        visual_description: z.string().min(1).max(500).optional(),
        narration: z.string().min(1).max(400).optional(),
        image_asset_id: uuid.nullable().optional(),
      }),
      z.object({
        op: z.literal('add'),
        visual_description: z.string().min(1).max(500),
        narration: z.string().min(1).max(400),
        position: z.number().int().positive().optional(),
        image_asset_id: uuid.nullable().optional(),
      }),
      z.object({ op: z.literal('delete'), sceneId: uuid }),
    ]),
  }),
  clearScenes: z.object({ videoId: uuid, scriptVersion: z.number().int().positive() }),
  videoOnly: z.object({ videoId: uuid }),
  settle: z.object({
    videoId: uuid,
    doneKey: z.string().min(1).max(200),
    abandonedKey: z.string().min(1).max(200),
  }),
  regenerate: z.object({ videoId: uuid, scriptVersion: z.number().int().positive() }),
};
