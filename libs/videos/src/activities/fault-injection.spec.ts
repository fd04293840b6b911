import { ApplicationFailure } from '@temporalio/activity';
import type { ActiveFault, Stage } from '@vidgen/workflows';
import { describe, expect, it } from 'vitest';
import { activityEnv, NO_FAULT } from '../../test/support/activity-fakes';
import { injectFaults } from './fault-injection';

/** The failure injectFaults throws on this attempt, or undefined when the attempt goes ahead. */
async function outcome(stage: Stage, fault: Partial<ActiveFault>, attempt = 1) {
  return activityEnv({ attempt })
    .run(async () => injectFaults(stage, { ...NO_FAULT, ...fault }))
    .then(
      () => undefined,
      (err: unknown) => {
        expect(err).toBeInstanceOf(ApplicationFailure);
        return err as ApplicationFailure;
      },
    );
}

describe('fault injection', () => {
  it('lets an attempt without faults go ahead', async () => {
    expect(await outcome('visualising', {})).toBeUndefined();
  });

  it('fails the first fail_attempts attempts of a stage, counting earlier executions', async () => {
    expect((await outcome('narrating', { failAttempts: 5, priorAttempts: 3 }, 2))?.type).toBe(
      'INJECTED_FAULT',
    );
    expect(await outcome('narrating', { failAttempts: 5, priorAttempts: 3 }, 3)).toBeUndefined();
    expect(await outcome('narrating', { failAttempts: 2, priorAttempts: 0 }, 3)).toBeUndefined();
  });

  it('times a render out as RENDER_TIMEOUT and any other stage as PROVIDER_TIMEOUT, retryable', async () => {
    const render = await outcome('rendering', { timeout: true });
    expect(render?.type).toBe('RENDER_TIMEOUT');
    expect(render?.nonRetryable).toBe(false);
    expect((await outcome('scripting', { timeout: true }))?.type).toBe('PROVIDER_TIMEOUT');
  });

  it('fails a stage told to fail with a retryable INJECTED_FAULT', async () => {
    const failure = await outcome('curating', { fail: true });
    expect(failure?.type).toBe('INJECTED_FAULT');
    expect(failure?.nonRetryable).toBe(false);
  });
});
