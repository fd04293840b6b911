import {
  ForbiddenError,
  InvalidTokenError,
  isUuid,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '@vidgen/core';
import type { AccountRepository } from './account.repository';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key';
import type { ApiKeyRepository } from './api-key.repository';
import type { ApiKeyCache, CachedKey } from './api-key-cache';
import { isScope, type Scope, scopeGranted } from './scopes';

/**
 * Who makes a request: an API key, or a dashboard session (docs/dashboard.md), which holds
 * every scope of its account. Exactly one of keyId and sessionId is set.
 */
export interface Principal {
  accountId: string;
  keyId?: string;
  sessionId?: string;
  scopes: string[];
}

export interface ApiKeyView {
  id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

const KEY_NAME_MAX = 100;
const KEY_EXPIRY_MAX_DAYS = 3650;

export class AuthService {
  /**
   * `cache`: the api's key cache (ApiKeyCache, revocations within 1 s); without one, every call
   * reads the key (the CLI, tests).
   */
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly accounts: AccountRepository,
    private readonly cache?: ApiKeyCache,
  ) {}

  /** Missing or unknown key → UNAUTHORIZED; revoked or expired → INVALID_TOKEN. */
  async authenticate(rawKey: string | undefined): Promise<Principal> {
    if (!rawKey || !looksLikeApiKey(rawKey)) throw new UnauthorizedError();
    const hash = hashApiKey(rawKey);
    const key = this.cache ? await this.cache.get(hash, () => this.read(hash)) : await this.read(hash);
    if (!key) throw new UnauthorizedError();
    if (key.revokedAt) throw new InvalidTokenError('API key has been revoked');
    if (key.expired || (key.expiresAtLocalMs !== null && Date.now() >= key.expiresAtLocalMs)) {
      throw new InvalidTokenError('API key has expired');
    }
    // "Last used" is for people (the dashboard's key list): a minute's precision spares a write per request.
    if (!key.usedThisMinute) {
      key.usedThisMinute = true;
      void this.keys.touchLastUsed(key.id).catch(() => undefined);
    }
    return { accountId: key.accountId, keyId: key.id, scopes: key.scopes };
  }

  private async read(hash: string): Promise<CachedKey | undefined> {
    const key = await this.keys.findByHash(hash);
    if (!key) return undefined;
    const { expiresInMs, ...rest } = key;
    return { ...rest, expiresAtLocalMs: expiresInMs === null ? null : Date.now() + expiresInMs };
  }

  authorize(principal: Principal, required: Scope): void {
    if (!scopeGranted(principal.scopes, required)) throw new ForbiddenError(required);
  }

  async createKey(input: {
    accountId: string;
    scopes: string[];
    name?: string;
    expiresInDays?: number;
  }): Promise<{ id: string; key: string; scopes: string[] }> {
    const name = input.name?.trim() || undefined;
    if (name !== undefined && name.length > KEY_NAME_MAX) {
      throw new ValidationError([{ loc: ['name'], msg: `at most ${KEY_NAME_MAX} characters` }]);
    }
    if (
      input.expiresInDays !== undefined &&
      (!Number.isInteger(input.expiresInDays) ||
        input.expiresInDays < 1 ||
        input.expiresInDays > KEY_EXPIRY_MAX_DAYS)
    ) {
      throw new ValidationError([
        { loc: ['expires_in_days'], msg: `a whole number of days from 1 to ${KEY_EXPIRY_MAX_DAYS}` },
      ]);
    }
    const unknown = input.scopes.filter((s) => !isScope(s));
    if (input.scopes.length === 0 || unknown.length > 0) {
      throw new ValidationError([
        {
          loc: ['scopes'],
          msg: unknown.length ? `unknown scopes: ${unknown.join(', ')}` : 'at least one scope',
        },
      ]);
    }
    if (!isUuid(input.accountId) || !(await this.accounts.find(input.accountId))) {
      throw new NotFoundError('Account');
    }
    const generated = generateApiKey();
    const expiresAt =
      input.expiresInDays === undefined ? null : new Date(Date.now() + input.expiresInDays * 86_400_000);
    const scopes = [...new Set(input.scopes)];
    const { id } = await this.keys.insert({
      accountId: input.accountId,
      name: name ?? null,
      prefix: generated.prefix,
      hash: generated.hash,
      scopes,
      expiresAt,
    });
    return { id, key: generated.key, scopes };
  }

  async revokeKey(keyId: string): Promise<void> {
    if (!isUuid(keyId) || !(await this.keys.revoke(keyId))) throw new NotFoundError('API key');
    this.cache?.evict(keyId);
  }

  /** The account's keys for the dashboard, newest first: never the secret, which exists only at creation. */
  async listKeys(accountId: string): Promise<ApiKeyView[]> {
    return (await this.keys.listForAccount(accountId)).map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      scopes: k.scopes,
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt,
      expiresAt: k.expiresAt,
      revokedAt: k.revokedAt,
      status: k.revokedAt ? 'revoked' : k.expired ? 'expired' : 'active',
    }));
  }

  /** Revokes one of the account's own keys; another account's key is not found. Takes effect at once. */
  async revokeAccountKey(accountId: string, keyId: string): Promise<void> {
    if (!isUuid(keyId) || !(await this.keys.revokeForAccount(accountId, keyId))) {
      throw new NotFoundError('API key');
    }
    this.cache?.evict(keyId);
  }
}
