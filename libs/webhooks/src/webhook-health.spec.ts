import type { Database, Transaction } from '@vidgen/db';
import { describe, expect, it } from 'vitest';
import { type AttemptResult, applyAttemptToWebhook } from './webhook-health';

const trx = {} as Transaction<Database>;
const webhook = { accountId: 'account-1', webhookId: 'webhook-1' };

/** A webhook row in memory: its count of exhausted runs in a row and whether it is active. */
function fakeWebhooks(consecutiveFailures: number) {
  const state = { consecutiveFailures, isActive: true };
  const repo = {
    countFailure: async () => ++state.consecutiveFailures,
    clearFailures: async () => {
      state.consecutiveFailures = 0;
    },
    deactivate: async () => {
      state.isActive = false;
    },
  };
  return { repo, state };
}

async function after(failures: number, result: AttemptResult) {
  const w = fakeWebhooks(failures);
  await applyAttemptToWebhook(w.repo, webhook, result, 5, trx);
  return w.state;
}

describe('webhook health after a delivery attempt', () => {
  it('a 410 Gone on an attempt that will be retried changes nothing', async () => {
    expect(await after(0, { gone: true, final: null })).toEqual({ consecutiveFailures: 0, isActive: true });
  });

  it('a run that ends failed on a 410 Gone sets the webhook inactive, without counting a failure', async () => {
    expect(await after(0, { gone: true, final: 'failed' })).toEqual({
      consecutiveFailures: 0,
      isActive: false,
    });
  });

  it('a delivered run clears the count of exhausted runs', async () => {
    expect(await after(4, { gone: false, final: 'succeeded' })).toEqual({
      consecutiveFailures: 0,
      isActive: true,
    });
  });

  it('an exhausted run counts one more; the fifth in a row sets the webhook inactive', async () => {
    expect(await after(3, { gone: false, final: 'failed' })).toEqual({
      consecutiveFailures: 4,
      isActive: true,
    });
    expect(await after(4, { gone: false, final: 'failed' })).toEqual({
      consecutiveFailures: 5,
      isActive: false,
    });
  });

  it('an attempt that will be retried changes nothing', async () => {
    expect(await after(2, { gone: false, final: null })).toEqual({ consecutiveFailures: 2, isActive: true });
  });
});
