import {
  ActivityFailure,
  ApplicationFailure,
  RetryState,
  TimeoutFailure,
  TimeoutType,
} from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { WORKER_LOST_FAILURE_TYPE } from './video.contracts';
import {
  asUpdateFailure,
  autoApprovalFailure,
  failureFor,
  invalidState,
  isDatabaseOutage,
  isTimeout,
  isWorkerLoss,
  rootMessage,
  StageFailure,
} from './video-failures';

/** What Temporal hands the workflow when an activity has failed for good. */
function activityFailed(cause: Error): ActivityFailure {
  return new ActivityFailure(
    'Activity task failed',
    'render',
    '7',
    RetryState.MAXIMUM_ATTEMPTS_REACHED,
    'w',
    cause,
  );
}
const startToCloseTimeout = () =>
  activityFailed(new TimeoutFailure('activity StartToClose timeout', undefined, TimeoutType.START_TO_CLOSE));

describe('isTimeout', () => {
  it('finds a Temporal timeout anywhere in the cause chain', () => {
    expect(isTimeout(startToCloseTimeout())).toBe(true);
  });
  it('counts provider and render timeouts raised by activities', () => {
    expect(isTimeout(activityFailed(ApplicationFailure.retryable('slow', 'PROVIDER_TIMEOUT')))).toBe(true);
    expect(isTimeout(activityFailed(ApplicationFailure.retryable('slow', 'RENDER_TIMEOUT')))).toBe(true);
  });
  it('does not count other failures', () => {
    expect(isTimeout(activityFailed(ApplicationFailure.retryable('bad', 'PROVIDER_ERROR')))).toBe(false);
    expect(isTimeout(new Error('plain'))).toBe(false);
    expect(isTimeout('not an error')).toBe(false);
  });
});

describe('rootMessage', () => {
  it('is the innermost non-empty message', () => {
    expect(rootMessage(activityFailed(ApplicationFailure.retryable('espeak exited with 1', 'X')))).toBe(
      'espeak exited with 1',
    );
    expect(rootMessage(activityFailed(new Error('')))).toBe('Activity task failed');
    expect(rootMessage(42)).toBe('42');
  });
});

describe('failureFor', () => {
  it('maps a scripting timeout to AI_SERVICE_TIMEOUT and any other scripting failure to AI_SERVICE_ERROR', () => {
    expect(failureFor('scripting', startToCloseTimeout())).toEqual({
      code: 'AI_SERVICE_TIMEOUT',
      message: 'The AI service timed out while scripting the script',
      stage: 'scripting',
    });
    expect(failureFor('refining', activityFailed(new Error('quota')))).toEqual({
      code: 'AI_SERVICE_ERROR',
      message: 'The AI service failed while refining: quota',
      stage: 'refining',
    });
  });
  it('maps images, narration and rendering to their codes with the cause as message', () => {
    expect(failureFor('visualising', activityFailed(new Error('no GPU')))).toEqual({
      code: 'IMAGE_GENERATION_ERROR',
      message: 'no GPU',
      stage: 'visualising',
    });
    expect(failureFor('narrating', activityFailed(new Error('no voice')))).toMatchObject({
      code: 'AUDIO_GENERATION_ERROR',
    });
    expect(failureFor('rendering', startToCloseTimeout())).toMatchObject({ code: 'RENDER_TIMEOUT' });
    expect(failureFor('rendering', activityFailed(new Error('x264')))).toEqual({
      code: 'RENDER_ERROR',
      message: 'Rendering failed: x264',
      stage: 'rendering',
    });
  });
  it('keeps a reason already decided by the stage', () => {
    const reason = { code: 'IMAGE_GENERATION_ERROR', message: 'scenes 1, 3', stage: 'visualising' } as const;
    expect(failureFor('visualising', new StageFailure(reason))).toBe(reason);
  });
  it('calls a failure of curating an internal error', () => {
    expect(failureFor('curating', new Error('no audio'))).toMatchObject({
      code: 'INTERNAL_ERROR',
      stage: 'curating',
    });
  });
});

describe('asUpdateFailure', () => {
  it('passes an ApplicationFailure through unchanged', () => {
    const f = invalidState('not now');
    expect(asUpdateFailure(f)).toBe(f);
    expect(f).toMatchObject({ type: 'INVALID_STATE', nonRetryable: true, message: 'not now' });
  });
  it('unwraps an activity failure keeping the business type and details', () => {
    const cause = ApplicationFailure.create({
      type: 'INSUFFICIENT_CREDITS',
      message: '5 required, 2 available',
      details: [{ required: 5, available: 2 }],
      nonRetryable: true,
    });
    const f = asUpdateFailure(activityFailed(cause));
    expect(f).toMatchObject({
      type: 'INSUFFICIENT_CREDITS',
      message: '5 required, 2 available',
      nonRetryable: true,
    });
    expect(f.details).toEqual([{ required: 5, available: 2 }]);
  });
  it('turns anything else into INTERNAL with the root message', () => {
    expect(asUpdateFailure(startToCloseTimeout())).toMatchObject({
      type: 'INTERNAL',
      message: 'activity StartToClose timeout',
    });
  });
});

describe('autoApprovalFailure', () => {
  it('fails the video with INSUFFICIENT_CREDITS when the gate finds too few credits', () => {
    const cause = ApplicationFailure.nonRetryable('3 required, 0 available', 'INSUFFICIENT_CREDITS');
    expect(autoApprovalFailure(activityFailed(cause))).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: '3 required, 0 available',
      stage: 'approval',
    });
  });
  it('fails it with INTERNAL_ERROR for anything else', () => {
    expect(autoApprovalFailure(new Error('boom'))).toMatchObject({
      code: 'INTERNAL_ERROR',
      stage: 'approval',
    });
  });
});

describe('isWorkerLoss', () => {
  it('is a heartbeat timeout: the worker went away mid-attempt', () => {
    expect(
      isWorkerLoss(activityFailed(new TimeoutFailure('heartbeat', undefined, TimeoutType.HEARTBEAT))),
    ).toBe(true);
  });
  it('is an attempt failed for its worker by another worker once its lease went stale', () => {
    expect(
      isWorkerLoss(
        activityFailed(ApplicationFailure.retryable('the worker … stopped', WORKER_LOST_FAILURE_TYPE)),
      ),
    ).toBe(true);
  });
  it('is not any other timeout or failure', () => {
    expect(isWorkerLoss(startToCloseTimeout())).toBe(false);
    expect(isWorkerLoss(activityFailed(ApplicationFailure.retryable('slow', 'PROVIDER_TIMEOUT')))).toBe(
      false,
    );
    expect(isWorkerLoss(new TimeoutFailure('heartbeat', undefined, TimeoutType.HEARTBEAT))).toBe(false);
  });
});

describe('isDatabaseOutage', () => {
  it('is an attempt that could not reach PostgreSQL', () => {
    const unavailable = ApplicationFailure.create({
      type: 'DatabaseUnavailableError',
      message: 'PostgreSQL did not answer within 3000 ms',
    });
    expect(isDatabaseOutage(activityFailed(unavailable))).toBe(true);
  });
  it('is not a provider failure, a timeout, or the bare failure outside an activity', () => {
    expect(
      isDatabaseOutage(activityFailed(ApplicationFailure.retryable('bad image', 'PROVIDER_ERROR'))),
    ).toBe(false);
    expect(isDatabaseOutage(startToCloseTimeout())).toBe(false);
    expect(
      isDatabaseOutage(ApplicationFailure.create({ type: 'DatabaseUnavailableError', message: 'down' })),
    ).toBe(false);
  });
});
