/** The provider did not answer within its time budget; upstream this is AI_SERVICE_TIMEOUT. */
export class ProviderTimeoutError extends Error {
  override get name(): string {
    return 'ProviderTimeoutError';
  }
}

/**
 * A provider failed. `retryable` tells the caller whether the same request may succeed later
 * (server errors, dropped connections) or never will (bad request, rejected content, bad key).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  override get name(): string {
    return 'ProviderError';
  }
}

/** ffmpeg failed or produced nothing usable. */
export class RenderError extends Error {
  override get name(): string {
    return 'RenderError';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  err.name = 'AbortError';
  return err;
}
