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
import { isScope, type Scope, scopeGranted } from './scopes';

export interface Principal {
  accountId: string;
  keyId: string;
  scopes: string[];
}

export class AuthService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly accounts: AccountRepository,
  ) {}

  /** Missing or unknown key → UNAUTHORIZED; revoked or expired → INVALID_TOKEN. */
  async authenticate(rawKey: string | undefined): Promise<Principal> {
    if (!rawKey || !looksLikeApiKey(rawKey)) throw new UnauthorizedError();
    const key = await this.keys.findByHash(hashApiKey(rawKey));
    if (!key) throw new UnauthorizedError();
    if (key.revokedAt) throw new InvalidTokenError('API key has been revoked');
    if (key.expired) throw new InvalidTokenError('API key has expired');
    return { accountId: key.accountId, keyId: key.id, scopes: key.scopes };
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
      name: input.name ?? null,
      prefix: generated.prefix,
      hash: generated.hash,
      scopes,
      expiresAt,
    });
    return { id, key: generated.key, scopes };
  }

  async revokeKey(keyId: string): Promise<void> {
    if (!isUuid(keyId) || !(await this.keys.revoke(keyId))) throw new NotFoundError('API key');
  }
}
