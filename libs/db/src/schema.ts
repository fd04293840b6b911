import type { ColumnType, Generated } from 'kysely';

/** timestamptz as raw text (see createDb); written with now() or a Date. */
export type Timestamp = ColumnType<string, string | Date | undefined, string | Date>;
export type NullableTimestamp = ColumnType<
  string | null,
  string | Date | null | undefined,
  string | Date | null
>;
type Json = ColumnType<unknown, string, string>;

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  plan: string;
  /** Projection of ledger_events, kept in the same transaction as every append. Never below 0. */
  credits_balance: Generated<number>;
  created_at: Generated<string>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  account_id: string;
  name: string | null;
  prefix: string;
  key_hash: string;
  scopes: string[];
  created_at: Generated<string>;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

/** One-time sign-in links to the dashboard; the token itself is never stored. */
export interface LoginLinksTable {
  id: Generated<string>;
  account_id: string;
  token_hash: string;
  created_at: Generated<string>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface DashboardSessionsTable {
  id: Generated<string>;
  account_id: string;
  token_hash: string;
  created_at: Generated<string>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface LedgerEventsTable {
  id: Generated<string>;
  account_id: string;
  kind: 'granted' | 'purchased' | 'charged' | 'refunded';
  /** Signed: positive for granted/purchased/refunded, negative for charged. */
  amount: number;
  balance_after: number;
  video_id: string | null;
  item: string | null;
  reason: string | null;
  idempotency_key: string | null;
  metadata: ColumnType<unknown, string | undefined, never>;
  created_at: Generated<string>;
}

export interface WebhooksTable {
  id: Generated<string>;
  account_id: string;
  url: string;
  event: string;
  secret: string;
  is_active: Generated<boolean>;
  consecutive_failures: Generated<number>;
  created_at: Generated<string>;
  deleted_at: NullableTimestamp;
}

export type WebhookDeliveryStatusColumn = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhook_id: string;
  account_id: string;
  /** The video of a video event; null for a batch event (then `batch_id`). */
  video_id: string | null;
  batch_id: ColumnType<string | null, string | null | undefined, never>;
  event: string;
  occurrence_key: string;
  /**
   * The JSON text that is signed and sent, but for its asset links (the fields named in
   * `asset_ids`), which each attempt signs afresh from those ids.
   */
  payload: string;
  /** Payload field → id of an asset of the delivery's video (`{"video_url": "…"}`). */
  asset_ids: ColumnType<Record<string, string>, string | undefined, never>;
  status: Generated<WebhookDeliveryStatusColumn>;
  runs: Generated<number>;
  current_run_id: string | null;
  next_retry_at: NullableTimestamp;
  created_at: Generated<string>;
  updated_at: Timestamp;
}

/** Append-only. */
export interface WebhookDeliveryAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  run: number;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  attempted_at: ColumnType<string, string | Date, never>;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
  next_retry_at: ColumnType<string | null, string | Date | null | undefined, never>;
  created_at: Generated<string>;
}

export type VideoStatusColumn =
  | 'pending'
  | 'scripting'
  | 'refining'
  | 'visualising'
  | 'narrating'
  | 'curating'
  | 'rendering'
  | 'completed'
  | 'failed';

export interface VideosTable {
  id: Generated<string>;
  account_id: string;
  prompt: string;
  status: Generated<VideoStatusColumn>;
  stage: string | null;
  awaiting_approval: Generated<boolean>;
  scene_count: number;
  options: ColumnType<unknown, string, string>;
  faults: ColumnType<unknown, string | null, string | null>;
  client_scenes: ColumnType<unknown, string | null, string | null>;
  failure_reason: ColumnType<unknown, string | null, string | null>;
  credits_charged: Generated<number>;
  credits_refunded: Generated<number>;
  video_asset_id: string | null;
  audio_asset_id: string | null;
  thumbnail_asset_id: string | null;
  subtitles_asset_id: string | null;
  /** `model`, `planner` or `client`; null until a script is written. */
  script_source: string | null;
  /** RecordWarning[] (`{code, message}`); written as JSON text. */
  warnings: ColumnType<unknown, string | undefined, string>;
  /** The draft at the review gate (`{status, draft, asset_id, created_at}`); written as JSON text. */
  preview: ColumnType<unknown, string | null | undefined, string | null>;
  /** The storyboard's contact sheet (`{fingerprint, asset_id}`); written as JSON text. */
  storyboard_sheet: ColumnType<unknown, string | null | undefined, string | null>;
  /** The video this one translates (POST /videos/{id}/translations), or null. */
  source_video_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the scenes are translated from (the source's), or null. */
  source_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Idempotency-Key it was created under, and the request's hash (migration 0025). */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
  request_hash: ColumnType<string | null, string | null | undefined, never>;
  /** The task queue its workflow runs on (migration 0026); null on rows made before. */
  task_queue: ColumnType<string | null, string | null | undefined, never>;
  workflow_started_at: NullableTimestamp;
  created_at: Generated<string>;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ScenesTable {
  id: Generated<string>;
  video_id: string;
  position: number;
  visual_description: string;
  narration: string;
  image_asset_id: string | null;
  narration_asset_id: string | null;
  narration_seconds: number | null;
  /** WordTiming[] of the narration; written as JSON text. */
  words: ColumnType<unknown, string | null | undefined, string | null>;
  audio_asset_id: string | null;
  search_terms: Generated<string | null>;
  /** A picture made before approval (the storyboard); the production run adopts it. */
  storyboard_asset_id: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Timestamp;
}

export interface VideoEventsTable {
  id: Generated<string>;
  video_id: string;
  seq: number;
  key: string;
  type: string;
  status: string | null;
  stage: string | null;
  data: ColumnType<unknown, string | undefined, never>;
  /** The video row as this event left it; kept for the events a webhook delivery describes. */
  record: ColumnType<unknown, string | null | undefined, never>;
  created_at: Generated<string>;
}

export interface AssetsTable {
  id: Generated<string>;
  account_id: string;
  video_id: string | null;
  scene_id: string | null;
  type: 'video' | 'audio' | 'thumbnail' | 'image' | 'narration' | 'subtitles';
  source: Generated<'upload' | 'import' | 'generated' | 'stock'>;
  name: string | null;
  updated_at: Generated<string>;
  path: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  /** English names of what a picture shows; null when unknown (the client's own files). */
  depicts: ColumnType<string[] | null, string | null | undefined, string | null>;
  /** [{title, author, license, source_url}] of every third-party work in the file. */
  attribution: ColumnType<AttributionRow[], string | undefined, string>;
  created_at: Generated<string>;
  deleted_at: NullableTimestamp;
}

export interface AttributionRow {
  title: string;
  author: string;
  license: string;
  source_url: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface IdempotencyKeysTable {
  account_id: string;
  route: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  /**
   * The api instance (api_instances.id) whose request holds the claim; null when unknown (the
   * claim then waits for the pending expiry). Claims made by an api older than migration 0016
   * hold its host:port, which names no instance, so nothing frees them early.
   */
  owner: string | null;
  created_at: Generated<string>;
}

/** A running api process and its lease (docs/decisions/0049-idempotency-claim-owners.md). */
export interface ApiInstancesTable {
  /** Random, new at every start: the process's identity. */
  id: string;
  /** Where it runs, for operators: not an identity (replicas and cluster workers repeat them). */
  host: string;
  port: number;
  pid: number;
  started_at: Generated<string>;
  /** On the database's clock; renewed every few seconds while the process lives. */
  lease_expires_at: Timestamp;
}

/** A stored POST /videos body with {{name}} placeholders (docs/decisions/0063-templates-and-batches.md). */
export interface TemplatesTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  description: string | null;
  request: ColumnType<Record<string, unknown>, string, string>;
  variables: string[];
  created_at: Generated<string>;
  updated_at: Timestamp;
}

export type BatchStatusColumn = 'running' | 'completed' | 'cancelled';

export interface BatchesTable {
  id: Generated<string>;
  account_id: string;
  template_id: string;
  status: Generated<BatchStatusColumn>;
  total: number;
  created_at: Generated<string>;
  completed_at: NullableTimestamp;
  /** Set once the batch's workflow start is confirmed; the worker's sweeper starts the others. */
  workflow_started_at: NullableTimestamp;
  /** The task queue its workflow runs on (migration 0026); null on rows made before. */
  task_queue: ColumnType<string | null, string | null | undefined, never>;
  /** The Idempotency-Key it was created under, and the request's hash (migration 0024). */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
  request_hash: ColumnType<string | null, string | null | undefined, never>;
}

/** A batch's row: its expanded request, and its video once started. Its status derives from the video. */
export interface BatchRowsTable {
  batch_id: string;
  index: number;
  variables: ColumnType<Record<string, string>, string, never>;
  metadata: ColumnType<unknown, string | null, never>;
  request: ColumnType<Record<string, unknown>, string, never>;
  video_id: string | null;
  cancelled: Generated<boolean>;
  started_at: NullableTimestamp;
}

/** A brand kit (docs/decisions/0064-brand-kits.md); `settings` is the brand's JSON document. */
export interface BrandsTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  settings: ColumnType<unknown, string, string>;
  is_default: Generated<boolean>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface Database {
  brands: BrandsTable;
  templates: TemplatesTable;
  batches: BatchesTable;
  batch_rows: BatchRowsTable;
  rate_limit_counters: RateLimitCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  api_instances: ApiInstancesTable;
  videos: VideosTable;
  scenes: ScenesTable;
  video_events: VideoEventsTable;
  assets: AssetsTable;
  settings: SettingsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  login_links: LoginLinksTable;
  dashboard_sessions: DashboardSessionsTable;
  ledger_events: LedgerEventsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}

export type { Json };
