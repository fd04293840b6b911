/**
 * At most `concurrency` decodes at once in the process; the others wait in line, first come
 * first served. A caller whose signal aborts leaves the line, or never joins it.
 */
export class DecodeTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  /** Runs `work` once a run is free, and frees it when `work` settles. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running >= this.concurrency) await this.turn(signal);
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Waits for a free run; a caller whose signal aborts leaves the line. */
  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(go);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}
