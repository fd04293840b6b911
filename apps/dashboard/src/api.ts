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

export interface Video {
  id: string;
  status: string;
  prompt: string;
  video_url: string | null;
  audio_url: string | null;
  thumbnail_url: string | null;
  subtitles_url: string | null;
  awaiting_approval: boolean;
  stage: string | null;
  scene_count: number;
  options: Record<string, unknown>;
  failure_reason: { code: string; message: string; stage: string | null } | null;
  credits_charged: number;
  credits_refunded: number;
  estimated_credits: number | null;
  created_at: string;
  updated_at: string;
}

export interface Voice {
  id: string;
  name: string;
  language: string;
  provider: string;
}

export interface Scene {
  id: string;
  position: number;
  visual_description: string;
  narration: string;
  image_asset_id: string | null;
  image_url: string | null;
  narration_seconds: number | null;
}

export interface VideoEvent {
  id: string;
  seq: number;
  type: string;
  status: string | null;
  stage: string | null;
  data: unknown;
  created_at: string;
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

export interface Webhook {
  id: string;
  url: string;
  event: string;
  secret: string;
  is_active: boolean;
  created_at: string;
}

export interface DeliveryAttempt {
  run: number;
  attempt: number;
  outcome: string;
  attempted_at: string;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  event: string;
  video_id: string;
  status: string;
  created_at: string;
  attempts: DeliveryAttempt[];
}

export interface LedgerEntry {
  id: string;
  kind: string;
  amount: number;
  balance_after: number;
  video_id: string | null;
  item: string | null;
  reason: string | null;
  created_at: string;
}

export interface Asset {
  id: string;
  type: string;
  source?: string;
  name?: string | null;
  mime_type?: string;
  content_type?: string;
  size_bytes?: number;
  bytes?: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  video_id: string | null;
  url: string | null;
  created_at: string;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
