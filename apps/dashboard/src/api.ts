/**
 * The dashboard's one way to the REST API: same origin, the session cookie rides along, and every
 * state-changing request carries the session's CSRF token (docs/dashboard.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { loc: (string | number)[]; msg: string }[] = [],
  ) {
    super(message);
  }
}

let csrfToken = '';
let onSignedOut: () => void = () => undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  const res = await fetch(`/api/v1${path}`, { method, headers, body: payload, credentials: 'same-origin' });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const err = (parsed as { error?: unknown } | undefined)?.error;
    const e =
      typeof err === 'string'
        ? new ApiError(res.status, 'RATE_LIMITED', err)
        : new ApiError(
            res.status,
            (err as { code?: string })?.code ?? 'ERROR',
            (err as { message?: string })?.message ?? `Request failed (${res.status})`,
            (err as { details?: ApiError['details'] })?.details ?? [],
          );
    if (res.status === 401 && !path.startsWith('/dashboard/session')) onSignedOut();
    throw e;
  }
  return parsed as T;
}

/** A readable sentence for an error, validation details included. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    const details = err.details.map((d) => `${d.loc.filter((l) => l !== 'body').join('.')}: ${d.msg}`);
    return details.length ? `${err.message}: ${details.join('; ')}` : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export interface Account {
  id: string;
  name: string;
  plan: string;
}

export interface PlanOffer {
  plan: string;
  credits: number;
  price_cents: number;
}

export interface SessionInfo {
  account: Account;
  csrf_token: string;
  plan_offers: PlanOffer[];
}

export interface ApiKey {
  id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

// The public resources as the API document describes them: the types @vidgen/client generates.
export type {
  Asset,
  LedgerEntry,
  Scene,
  Storyboard,
  Transcript,
  Video,
  VideoEvent,
  Voice,
  Webhook,
  WebhookDelivery,
} from '../../../libs/client/src/client';

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
