import { abortReason, ProviderError, ProviderTimeoutError, throwIfAborted } from '../media.errors';

export interface OpenAiClientOptions {
  baseUrl: string;
  /** Sent as a bearer token; a local server that needs none gets no Authorization header. */
  apiKey: string | undefined;
  timeoutSeconds: number;
}

const MAX_ERROR_DETAIL_CHARS = 300;

/**
 * The one place that talks HTTP to an OpenAI-compatible API. Every call, body included, runs
 * under the provider timeout, and every failure leaves as ProviderTimeoutError or a
 * ProviderError that says whether trying again can help.
 */
export class OpenAiClient {
  private readonly baseUrl: string;
  /** Whether this is OpenAI's own API, not another server that speaks its protocol. */
  readonly isOpenAi: boolean;

  constructor(private readonly opts: OpenAiClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.isOpenAi = new URL(this.baseUrl).hostname === 'api.openai.com';
  }

  postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return this.request(path, body, signal, (res) => readJson(path, res));
  }

  postBinary(path: string, body: unknown, signal?: AbortSignal): Promise<Buffer> {
    return this.request(path, body, signal, async (res) => Buffer.from(await res.arrayBuffer()));
  }

  /** A GET of the API's own (`/audio/voices`), answered as JSON, under the same timeout rules. */
  getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    return this.send(
      `${this.baseUrl}${path}`,
      {
        method: 'GET',
        headers: this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {},
      },
      signal,
      (res) => readJson(path, res),
    );
  }

  /** Downloads a file the API pointed to (an image URL), under the same timeout rules. */
  download(url: string, signal?: AbortSignal): Promise<Buffer> {
    return this.send(url, { method: 'GET' }, signal, async (res) => Buffer.from(await res.arrayBuffer()));
  }

  private request<T>(
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    read: (res: Response) => Promise<T>,
  ) {
    return this.send(
      `${this.baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      },
      signal,
      read,
    );
  }

  private async send<T>(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    read: (res: Response) => Promise<T>,
  ): Promise<T> {
    throwIfAborted(signal);
    const label = new URL(url).pathname;
    const timeout = AbortSignal.timeout(this.opts.timeoutSeconds * 1000);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const res = await fetch(url, { ...init, signal: combined });
      if (!res.ok) throw statusError(label, res.status, await res.text().catch(() => ''));
      return await read(res);
    } catch (err) {
      if (signal?.aborted) throw abortReason(signal);
      if (timeout.aborted) {
        throw new ProviderTimeoutError(`${label} did not answer within ${this.opts.timeoutSeconds} s`);
      }
      if (err instanceof ProviderError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      throw new ProviderError(`${label} request failed: ${message}${describeCause(err)}`, true, {
        cause: err,
      });
    }
  }
}

async function readJson(path: string, res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(`${path} answered with invalid JSON`, true);
  }
}

/** fetch rejects with a bare "fetch failed"; the reason (ECONNREFUSED, a reset…) is its cause. */
function describeCause(err: unknown): string {
  const cause =
    err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (!cause) return '';
  const code = typeof cause.code === 'string' ? cause.code : undefined;
  const message = typeof cause.message === 'string' ? cause.message : undefined;
  const parts = [code, message && message !== code ? message : undefined].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(': ')})` : '';
}

function statusError(label: string, status: number, body: string): ProviderError {
  let detail = body;
  let code: string | undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; code?: unknown } | string };
    if (typeof parsed.error === 'string') detail = parsed.error;
    else if (parsed.error) {
      if (typeof parsed.error.message === 'string') detail = parsed.error.message;
      if (typeof parsed.error.code === 'string') code = parsed.error.code;
    }
  } catch {
    // Not JSON: keep the raw text.
  }
  detail = detail.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_DETAIL_CHARS);
  // Rate limits and request timeouts pass; an exhausted quota and other client errors do not.
  const retryable = status >= 500 || status === 408 || (status === 429 && code !== 'insufficient_quota');
  return new ProviderError(`${label} returned HTTP ${status}${detail ? `: ${detail}` : ''}`, retryable);
}
