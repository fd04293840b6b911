import { describe, expect, it } from 'vitest';
import { ApiKeyCache, type CachedKey } from './api-key-cache';

const key = (id: string, revokedAt: string | null = null): CachedKey => ({
  id,
  accountId: 'acc',
  name: null,
  prefix: 'vg_x',
  scopes: ['videos:*'],
  expiresAt: null,
  revokedAt,
  lastUsedAt: null,
  usedThisMinute: true,
  expired: false,
  expiresAtLocalMs: null,
});

function loader(records: Map<string, CachedKey>) {
  const calls: string[] = [];
  return {
    calls,
    load: (hash: string) => async () => {
      calls.push(hash);
      await new Promise((r) => setImmediate(r));
      return records.get(hash);
    },
  };
}

describe('ApiKeyCache', () => {
  it('reads a key once while it is fresh, and again once the TTL has passed', async () => {
    let now = 1000;
    const cache = new ApiKeyCache({ ttlMs: 500, now: () => now });
    const db = new Map([['h1', key('k1')]]);
    const { calls, load } = loader(db);
    await cache.get('h1', load('h1'));
    now += 499;
    await cache.get('h1', load('h1'));
    expect(calls).toHaveLength(1);
    db.set('h1', key('k1', '2026-01-01'));
    now += 1;
    expect((await cache.get('h1', load('h1')))?.revokedAt).toBe('2026-01-01');
    expect(calls).toHaveLength(2);
  });

  it('concurrent lookups of one key share one read', async () => {
    const cache = new ApiKeyCache();
    const { calls, load } = loader(new Map([['h1', key('k1')]]));
    await Promise.all(Array.from({ length: 10 }, () => cache.get('h1', load('h1'))));
    expect(calls).toHaveLength(1);
  });

  it('an evicted key is read again at once; a read begun before the eviction is not kept', async () => {
    const cache = new ApiKeyCache({ ttlMs: 60_000 });
    const db = new Map([['h1', key('k1')]]);
    const { calls, load } = loader(db);
    await cache.get('h1', load('h1'));
    // A read in flight when the key is revoked must not put the old record back.
    const inFlight = cache.get('h1', async () => {
      const old = key('k1');
      await new Promise((r) => setTimeout(r, 5));
      return old;
    });
    cache.evict('k1');
    db.set('h1', key('k1', 'now'));
    cache.evict('k1');
    await inFlight;
    expect((await cache.get('h1', load('h1')))?.revokedAt).toBe('now');
    expect(calls).toHaveLength(2);
  });

  it('clear drops every key; unknown keys are never kept; the map stays within its bound', async () => {
    const cache = new ApiKeyCache({ ttlMs: 60_000, maxEntries: 2 });
    const db = new Map([
      ['h1', key('k1')],
      ['h2', key('k2')],
      ['h3', key('k3')],
    ]);
    const { calls, load } = loader(db);
    for (const h of ['h1', 'h2', 'h3', 'nope', 'nope']) await cache.get(h, load(h));
    expect(calls).toEqual(['h1', 'h2', 'h3', 'nope', 'nope']);
    await cache.get('h1', load('h1'));
    expect(calls.at(-1)).toBe('h1');
    cache.clear();
    await cache.get('h3', load('h3'));
    expect(calls.at(-1)).toBe('h3');
    expect(calls).toHaveLength(7);
  });
});
