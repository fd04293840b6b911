import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './generated/api';

export type { components, paths };

type Schemas = components['schemas'];

export type Video = Schemas['VideoRecordDto'];
export type VideoStatus = Video['status'];
export type VideoPage = Schemas['VideoPageDto'];
export type Scene = Schemas['SceneRecordDto'];
/** The review gate's storyboard (GET /videos/{id}/storyboard). */
export type Storyboard = Schemas['StoryboardDto'];
export type VideoEvent = Schemas['VideoEventDto'];
export type Transcript = Schemas['TranscriptDto'];
export type CreateVideoBody = Schemas['CreateVideoDto'];
export type Asset = Schemas['AssetRecordDto'];
export type Webhook = Schemas['WebhookRecordDto'];
export type WebhookDelivery = Schemas['WebhookDeliveryDto'];
export type Voice = Schemas['VoiceDto'];
export type LedgerEntry = Schemas['LedgerEntryDto'];
export type Credits = Schemas['CreditsSummaryDto'];
/** The standard error body (docs/api.md#errors). */
export type ErrorBody = Schemas['ErrorBodyDto'];
/** The 422 body, with `details`. */
export type ValidationErrorBody = Schemas['ValidationErrorBodyDto'];
/** The rate limiter's simple body. */
export type RateLimitBody = Schemas['RateLimitBodyDto'];

/**
 * Responses are typed as the JSON they are parsed as: an operation that also answers another
 * media type (the event stream's text/event-stream) keeps its JSON type; read the others with
 * `parseAs` (videoEvents does).
 */
export type VidgenClient = Client<paths, 'application/json'>;

export interface VidgenClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the API is served: its origin, e.g. https://videos.example.com (with or without /api/v1). */
  baseUrl: string;
  /** Sent as X-Api-Key on every request. */
  apiKey?: string;
}

/**
 * A typed client of the vidgen API: paths, parameters, bodies and responses come from the
 * generated types, so `client.POST('/api/v1/videos', { body })` is checked at compile time.
 * Each call resolves to `{ data, error, response }` (openapi-fetch), never throws on a 4xx/5xx.
 */
export function createClient(options: VidgenClientOptions): VidgenClient {
  const { apiKey, baseUrl, headers, ...rest } = options;
  return createFetchClient<paths, 'application/json'>({
    ...rest,
    baseUrl: baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, ''),
    headers: { ...(headers as Record<string, string> | undefined), ...(apiKey && { 'X-Api-Key': apiKey }) },
  });
}

/** The message of any of the three error bodies (or a response without one). */
export function errorMessage(error: unknown, response?: Response): string {
  const body = error as { error?: string | { code?: string; message?: string } } | undefined;
  if (typeof body?.error === 'string') return body.error;
  if (body?.error?.message) return `${body.error.code}: ${body.error.message}`;
  return response ? `HTTP ${response.status}` : 'request failed';
}
