import { RateLimitedError } from '@vidgen/core';

export interface VerificationLimits {
  /** Decodes that run at once in the process (each an ffmpeg on one thread). */
  concurrency: number;
  /** Uploads and imports one account may have in progress at once; one of them decodes at a time. */
  perAccount: number;
  /** Uploads and imports in progress in the process at once, every account together. */
  queueMax: number;
  /** Staging space the uploads and imports in progress may take at once, in bytes. */
  stagingMaxBytes: number;
}

/** When to try again: a picture or a song verifies in about a second, a clip in tens of seconds. */
const RETRY_AFTER_SECONDS = 5;

/** One admitted upload or import, from before its first byte is staged until its file is put in place or dropped. */
export interface VerificationSlot {
  /** Runs `decode` once a decoder of the process is free and it is this slot's turn. */
  turn<T>(decode: () => Promise<T>): Promise<T>;
  /** The file is staged whole: `bytes` of the reserved space stay taken, the rest is given back. */
  staged(bytes: number): void;
  /** Gives back the slot and its space; safe to call more than once. */
  release(): void;
}

interface Account {
  slots: number;
  decoding: boolean;
  /** When this account last started a decode (a counter); 0 for never. */
  lastTurn: number;
}

interface Waiter {
  accountId: string;
  start: () => void;
}

/**
 * Admission and order of the uploads and imports of one api process
 * (docs/decisions/0051-verification-shares.md). A request takes a slot before any byte of its
 * file is read or downloaded, or is refused at once with 429 (RateLimitedError): when its
 * account already has `perAccount` in progress, when the process has `queueMax`, or when the
 * staging space it reserves (its declared length, at most the size limit) does not fit.
 *
 * Fairness: an account decodes one file at a time, and a free decoder goes to the waiting slot
 * whose account started a decode least recently (an account that has not started one yet goes
 * first; ties in arrival order). So one account's waiting files never go before another
 * account's first, whatever order they came in.
 */
export class VerificationSlots {
  private readonly accounts = new Map<string, Account>();
  private readonly waiting: Waiter[] = [];
  private admitted = 0;
  private reservedBytes = 0;
  private decoding = 0;
  private turns = 0;

  constructor(private readonly limits: VerificationLimits) {}

  /** Takes a slot for `accountId`, reserving `reserveBytes` of staging space, or throws RateLimitedError. */
  admit(accountId: string, reserveBytes: number): VerificationSlot {
    const account = this.accounts.get(accountId);
    const { perAccount, queueMax, stagingMaxBytes } = this.limits;
    if ((account?.slots ?? 0) >= perAccount) {
      throw new RateLimitedError(
        `Rate limit exceeded: ${perAccount} uploads or imports per account in progress at once`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.admitted >= queueMax) {
      throw new RateLimitedError(
        `Rate limit exceeded: ${queueMax} uploads or imports in progress at once on this server`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.reservedBytes + reserveBytes > stagingMaxBytes) {
      throw new RateLimitedError(
        `Rate limit exceeded: ${stagingMaxBytes} bytes of uploads and imports in progress at once on this server`,
        RETRY_AFTER_SECONDS,
      );
    }
    const state = account ?? { slots: 0, decoding: false, lastTurn: 0 };
    if (!account) this.accounts.set(accountId, state);
    state.slots += 1;
    this.admitted += 1;
    this.reservedBytes += reserveBytes;

    let reserved = reserveBytes;
    let released = false;
    return {
      turn: (decode) => this.turn(accountId, decode),
      staged: (bytes) => {
        const kept = Math.min(Math.max(bytes, 0), reserved);
        if (!released) this.reservedBytes -= reserved - kept;
        reserved = kept;
      },
      release: () => {
        if (released) return;
        released = true;
        this.admitted -= 1;
        this.reservedBytes -= reserved;
        state.slots -= 1;
        if (state.slots === 0) this.accounts.delete(accountId);
      },
    };
  }

  /** What is in progress now: for metrics and specs. */
  get usage(): { admitted: number; decoding: number; waiting: number; reservedBytes: number } {
    return {
      admitted: this.admitted,
      decoding: this.decoding,
      waiting: this.waiting.length,
      reservedBytes: this.reservedBytes,
    };
  }

  private async turn<T>(accountId: string, decode: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ accountId, start });
      this.next();
    });
    try {
      return await decode();
    } finally {
      this.decoding -= 1;
      const account = this.accounts.get(accountId);
      if (account) account.decoding = false;
      this.next();
    }
  }

  /** Starts waiting decodes while decoders are free, each time the fairest one that may run. */
  private next(): void {
    while (this.decoding < this.limits.concurrency) {
      let pick = -1;
      let pickTurn = Number.POSITIVE_INFINITY;
      for (let i = 0; i < this.waiting.length; i++) {
        const account = this.accounts.get(this.waiting[i]!.accountId);
        if (account?.decoding) continue;
        const last = account?.lastTurn ?? 0;
        if (last < pickTurn) {
          pick = i;
          pickTurn = last;
        }
      }
      if (pick < 0) return;
      const [waiter] = this.waiting.splice(pick, 1);
      const account = this.accounts.get(waiter!.accountId);
      if (account) {
        account.decoding = true;
        account.lastTurn = ++this.turns;
      }
      this.decoding += 1;
      waiter!.start();
    }
  }
}
