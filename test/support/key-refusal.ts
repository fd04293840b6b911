// How the specs check that a revoked or expired key stops working.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { ApiResponse } from './api';

/**
 * A revoked or expired key stops working within this bound on every api instance
 * (docs/decisions/0031-the-apis-hot-path.md): the instance that made the change refuses it at
 * once, the others when PostgreSQL's change notification reaches them, and at the latest when
 * their 500 ms cache entry runs out.
 */
export const KEY_CHANGE_BOUND_MS = 1000;

/**
 * Sends `send` until it is refused and returns the refusal. A request accepted although it was
 * sent more than the bound after `changedAt` (the moment the change was committed) fails the
 * spec, so this asserts the bound itself, not a race with the change notification.
 */
export async function firstRefusal(
  send: () => Promise<ApiResponse>,
  changedAt: number,
): Promise<ApiResponse> {
  for (;;) {
    const sentAt = Date.now();
    const res = await send();
    if (res.status !== 200) return res;
    expect(sentAt - changedAt, 'a request sent after the bound was still accepted').toBeLessThan(
      KEY_CHANGE_BOUND_MS,
    );
    await sleep(50);
  }
}
