import { RateLimitedError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { type VerificationLimits, VerificationSlots } from './verification-slots';

const LIMITS: VerificationLimits = { concurrency: 1, perAccount: 2, queueMax: 16, stagingMaxBytes: 1000 };

/** A decode that runs until the spec ends it; `started` says whether its turn came. */
function heldDecode(log: string[], name: string) {
  let finish!: () => void;
  const state = { started: false };
  const run = () =>
    new Promise<string>((resolve) => {
      state.started = true;
      log.push(name);
      finish = () => resolve(name);
    });
  return { run, state, finish: () => finish() };
}

/** Lets every promise callback already due run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('VerificationSlots', () => {
  it("refuses an account's upload beyond its share with the rate limiter's 429, while another account is admitted", () => {
    const slots = new VerificationSlots(LIMITS);
    slots.admit('a', 10);
    slots.admit('a', 10);
    let refusal: unknown;
    try {
      slots.admit('a', 10);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).message).toBe(
      'Rate limit exceeded: 2 uploads or imports per account in progress at once',
    );
    expect((refusal as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(() => slots.admit('b', 10)).not.toThrow();
    expect(slots.usage.admitted).toBe(3);
  });

  it("starts another account's first decode before one account's waiting ones, whatever the arrival order", async () => {
    const slots = new VerificationSlots(LIMITS);
    const log: string[] = [];
    const a1 = heldDecode(log, 'a1');
    const a2 = heldDecode(log, 'a2');
    const b1 = heldDecode(log, 'b1');
    const [sa1, sa2] = [slots.admit('a', 10), slots.admit('a', 10)];
    const sb1 = slots.admit('b', 10);
    const done = [sa1.turn(a1.run), sa2.turn(a2.run)];
    await settle();
    // b's first comes after a's second is already waiting.
    done.push(sb1.turn(b1.run));
    await settle();
    expect(log).toEqual(['a1']);
    expect(slots.usage).toMatchObject({ decoding: 1, waiting: 2 });

    a1.finish();
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    b1.finish();
    await settle();
    a2.finish();
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'b1']);
    expect(log).toEqual(['a1', 'b1', 'a2']);
  });

  it('decodes one file of an account at a time, leaving the free decoder to other accounts', async () => {
    const slots = new VerificationSlots({ ...LIMITS, concurrency: 2 });
    const log: string[] = [];
    const a1 = heldDecode(log, 'a1');
    const a2 = heldDecode(log, 'a2');
    const b1 = heldDecode(log, 'b1');
    const [sa1, sa2, sb1] = [slots.admit('a', 10), slots.admit('a', 10), slots.admit('b', 10)];
    const done = [sa1.turn(a1.run), sa2.turn(a2.run)];
    await settle();
    expect(log).toEqual(['a1']);
    done.push(sb1.turn(b1.run));
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    a1.finish();
    await settle();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    a2.finish();
    b1.finish();
    await Promise.all(done);
    expect(slots.usage).toMatchObject({ decoding: 0, waiting: 0 });
  });

  it('frees the decoder when a decode fails', async () => {
    const slots = new VerificationSlots(LIMITS);
    const failing = slots.admit('a', 10);
    await expect(failing.turn(() => Promise.reject(new Error('not a valid PNG file')))).rejects.toThrow(
      'not a valid PNG file',
    );
    expect(await slots.admit('b', 10).turn(async () => 'decoded')).toBe('decoded');
  });

  it("bounds the uploads and imports in progress in the process, every account's together", () => {
    const slots = new VerificationSlots({ ...LIMITS, queueMax: 3 });
    const taken = ['a', 'b', 'c'].map((account) => slots.admit(account, 10));
    expect(() => slots.admit('d', 10)).toThrow(
      'Rate limit exceeded: 3 uploads or imports in progress at once on this server',
    );
    taken[1]!.release();
    expect(() => slots.admit('d', 10)).not.toThrow();
  });

  it('refuses what does not fit in the staging space, and gives back what a staged file does not use', () => {
    const slots = new VerificationSlots(LIMITS);
    const imported = slots.admit('a', 600);
    expect(() => slots.admit('b', 500)).toThrow(
      'Rate limit exceeded: 1000 bytes of uploads and imports in progress at once on this server',
    );
    const small = slots.admit('b', 400);
    // The import turned out to be 100 bytes: the other 500 of its reservation come back.
    imported.staged(100);
    expect(slots.usage.reservedBytes).toBe(500);
    const other = slots.admit('c', 500);
    small.release();
    small.release();
    imported.release();
    expect(slots.usage).toMatchObject({ admitted: 1, reservedBytes: 500 });
    other.release();
    expect(slots.usage).toEqual({ admitted: 0, decoding: 0, waiting: 0, reservedBytes: 0 });
  });
});
