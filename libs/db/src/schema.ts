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
  created_at: Generated<string>;
  deleted_at: NullableTimestamp;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_events: LedgerEventsTable;
  webhooks: WebhooksTable;
}

export type { Json };
