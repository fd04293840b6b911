import type { ActivityInterceptorsFactory } from '@temporalio/worker';

const VIDEO_WORKFLOW = /^video-(.+)$/;

/** The video an activity works on: its input's `videoId`, else the id in its video workflow's id. */
function videoIdOf(args: readonly unknown[], workflowId: string | undefined): string | undefined {
  const input = args[0];
  if (input && typeof input === 'object' && 'videoId' in input && typeof input.videoId === 'string')
    return input.videoId;
  return workflowId ? VIDEO_WORKFLOW.exec(workflowId)?.[1] : undefined;
}

/**
 * Every line logged while an activity runs (the SDK's own and the activity's `log.*`) carries the
 * video id and the workflow id, so one video's lines can be picked out of a worker's output.
 * The SDK already adds workflowId, activityType and attempt; this adds videoId.
 */
export const logAttributesInterceptor: ActivityInterceptorsFactory = (ctx) => {
  const workflowId = ctx.info.workflowExecution?.workflowId;
  let videoId = videoIdOf([], workflowId);
  return {
    inbound: {
      execute: (input, next) => {
        videoId = videoIdOf(input.args, workflowId);
        return next(input);
      },
    },
    outbound: {
      getLogAttributes: (attrs, next) => next({ ...attrs, workflowId, ...(videoId && { videoId }) }),
    },
  };
};
