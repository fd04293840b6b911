import { ProviderError, ProviderTimeoutError } from '../common/media.errors';

/**
 * GET of a stock provider's JSON search: a 429 or a 5xx is retryable (the activity's retry policy
 * waits and tries again), a 4xx (a bad key) is not; the call is bounded by `timeoutMs` and by
 * the caller's signal (an abort rejects with its reason). The errors say what failed in
 * vidgen's words and carry nothing of what the library answered: clients read them in the
 * `stock_fallback` of their event log.
 */
export async function getStockJson(
  url: URL,
  init: { headers?: Record<string, string>; timeoutMs: number; signal?: AbortSignal },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const failed = (err: unknown, problem: string) => {
    if (init.signal?.aborted) return init.signal.reason as unknown;
    if (timeout.aborted)
      return new ProviderTimeoutError(`the stock library did not answer within ${init.timeoutMs / 1000} s`);
    return new ProviderError(problem, true, { cause: err });
  };
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json', ...init.headers }, signal });
  } catch (err) {
    throw failed(err, 'the stock library could not be reached');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 429)
      throw new ProviderError("the stock library's rate limit was reached (HTTP 429)", true);
    throw new ProviderError(`the stock library answered HTTP ${res.status}`, res.status >= 500);
  }
  try {
    return await res.json();
  } catch (err) {
    throw failed(err, 'the stock library answered with no JSON');
  }
}
