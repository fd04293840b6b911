import { AccountRepository, ApiKeyRepository, AuthService, type Plan } from '@vidgen/auth';
import { createClient, type VidgenClient } from '@vidgen/client';
import { createDb, type Db } from '@vidgen/db';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import { inject } from 'vitest';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * Raw HTTP, for what a typed client cannot send (malformed JSON, unknown fields, wrong methods,
 * foreign headers). Specs drive the API with the typed client (`TestAccount.client`) otherwise.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly key?: string,
  ) {}

  withKey(key: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, key);
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.key) headers['X-Api-Key'] = this.key;
    let body: string | FormData | undefined;
    // A form sets its own multipart Content-Type (with the boundary).
    if (options.form !== undefined) body = options.form;
    else if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (typeof body === 'string' && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, headers });
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

let sharedDb: Db | undefined;

/** A pool on the run's database, for arranging state the API has no endpoint for (accounts, keys). */
export function testDb(): Db {
  sharedDb ??= createDb(inject('stack').databaseUrl, { max: 4 });
  return sharedDb;
}

export interface TestAccount {
  accountId: string;
  key: string;
  keyId: string;
  /** The typed client (@vidgen/client) holding the account's key. */
  client: VidgenClient;
  api: ApiClient;
  /** A further key of the same account with other scopes. */
  keyWith(
    scopes: string[],
    opts?: { expiresInDays?: number },
  ): Promise<{ key: string; id: string; api: ApiClient; client: VidgenClient }>;
}

/** The typed client of @vidgen/client against the shared stack (or `baseUrl`). */
export function typedClient(apiKey?: string, baseUrl = inject('stack').apiBaseUrl): VidgenClient {
  return createClient({ baseUrl, apiKey });
}

export async function createAccount(
  options: {
    scopes?: string[];
    credits?: number;
    plan?: Plan;
    baseUrl?: string;
    /** Another database than the run's (an api started by the spec on a PostgreSQL of its own). */
    db?: Db;
  } = {},
): Promise<TestAccount> {
  const db = options.db ?? testDb();
  const baseUrl = options.baseUrl ?? inject('stack').apiBaseUrl;
  const accounts = new AccountRepository(db);
  const auth = new AuthService(new ApiKeyRepository(db), accounts);
  const account = await accounts.create({
    name: `test-${Math.random().toString(36).slice(2, 8)}`,
    plan: options.plan ?? 'pro',
  });
  if (options.credits) await new LedgerService(new LedgerRepository(db)).grant(account.id, options.credits);
  const scopes = options.scopes ?? ['videos:*', 'assets:*', 'callbacks:*', 'credits:*'];
  const created = await auth.createKey({ accountId: account.id, scopes });
  const keyWith = async (s: string[], opts: { expiresInDays?: number } = {}) => {
    const k = await auth.createKey({ accountId: account.id, scopes: s, expiresInDays: opts.expiresInDays });
    return { key: k.key, id: k.id, api: new ApiClient(baseUrl, k.key), client: typedClient(k.key, baseUrl) };
  };
  return {
    accountId: account.id,
    key: created.key,
    keyId: created.id,
    client: typedClient(created.key, baseUrl),
    api: new ApiClient(baseUrl, created.key),
    keyWith,
  };
}
