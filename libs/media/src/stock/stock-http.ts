import { ProviderError, ProviderTimeoutError } from '../common/media.errors';

/**
 * GET of a stock provider's JSON search: a 429 or a 5xx is retryable (the activity's retry policy
 * waits and tries again), a 4xx (a bad key) is not; the call is bounded by `timeoutMs` and by
 * the activity's cancellation.
 */
export async function getStockJson(
  provider: string,
  url: URL,
  init: { headers?: Record<string, string>; timeoutMs: number; signal?: AbortSignal },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'application/json', ...init.headers }, signal });
  } catch (err) {
    if (timeout.aborted) throw new ProviderTimeoutError(`${provider} search timed out`);
    throw new ProviderError(`${provider} search failed: ${(err as Error).message}`, true, { cause: err });
  }
  if (res.status === 429) throw new ProviderError(`${provider} rate limit reached (429)`, true);
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    throw new ProviderError(`${provider} search answered ${res.status}: ${text}`, res.status >= 500);
  }
  try {
    return await res.json();
  } catch (err) {
    throw new ProviderError(`${provider} search answered with no JSON`, true, { cause: err });
  }
}
