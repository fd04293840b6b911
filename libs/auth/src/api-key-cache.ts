import type { ApiKeyRecord } from './api-key.repository';

/** What authentication needs of a key, as last read from PostgreSQL. */
export interface CachedKey extends ApiKeyRecord {
  /** Whether the key had been used within the minute, so "last used" needs no write. */
  usedThisMinute: boolean;
  expired: boolean;
  /**
   * When the key expires on this process's clock (ms since the epoch), taken from the database's
   * "expires in" at the read, so a cached key stops at its expiry whatever the clocks say.
   */
  expiresAtLocalMs: number | null;
}

/**
 * A key's record kept for a moment, so a client's burst of requests costs one key lookup
 * instead of one per request (docs/decisions/0031-the-apis-hot-path.md).
 *
 * The revocation promise (a revoked key stops working within 1 s on every instance) rests on
 * two things: entries live at most `ttlMs` (500 ms by default) however they were loaded, and
 * every instance listens for the `api_keys` change notifications a trigger sends (migration
 * 0008) and drops the key at once — the common case. A lost notification connection clears
 * the whole cache, so only the TTL is ever relied on.
 *
 * Lookups of one key that arrive while its record is being read share that read. Unknown keys
 * are never cached: a flood of made-up keys must not grow the map.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { key: CachedKey; at: number }>();
  private readonly loading = new Map<string, { read: Promise<CachedKey | undefined>; generation: number }>();
  /** Bumped by every invalidation: a read that started before one must not fill the cache. */
  private generation = 0;

  constructor(private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {}

  private get ttlMs(): number {
    return this.options.ttlMs ?? 500;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The key with this hash: from the cache while fresh, else from `load` (then kept). */
  async get(hash: string, load: () => Promise<CachedKey | undefined>): Promise<CachedKey | undefined> {
    const hit = this.entries.get(hash);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.key;
    const pending = this.loading.get(hash);
    // A read that began before an invalidation may carry the old record: only later ones are shared.
    if (pending && pending.generation === this.generation) return pending.read;
    const generation = this.generation;
    const at = this.now();
    const read = load().finally(() => {
      if (this.loading.get(hash)?.read === read) this.loading.delete(hash);
    });
    this.loading.set(hash, { read, generation });
    const key = await read;
    if (!key || generation !== this.generation) {
      this.entries.delete(hash);
      return key;
    }
    this.entries.delete(hash);
    this.entries.set(hash, { key, at });
    // Oldest first (Map keeps insertion order): past the bound, the oldest entries go.
    const max = this.options.maxEntries ?? 10_000;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= max) break;
      this.entries.delete(oldest);
    }
    return key;
  }

  /** Drops the key with this id (revoked, expiry changed, deleted). */
  evict(keyId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.key.id === keyId) this.entries.delete(hash);
  }

  /** Drops everything, e.g. when change notifications may have been missed. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
