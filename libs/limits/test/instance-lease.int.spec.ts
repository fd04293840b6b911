import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '@vidgen/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { IdempotencyStore, InstanceLease, requestHash } from '../src';

const pools: Db[] = [];
/** An api instance as the api makes one: a lease over a pool of its own, on one host and port. */
function instance(options: ConstructorParameters<typeof InstanceLease>[2] = {}): {
  lease: InstanceLease;
  store: IdempotencyStore;
} {
  const db = createDb(inject('stack').databaseUrl, { max: 1 });
  pools.push(db);
  const lease = new InstanceLease(db, { host: 'api-host', port: 8080, pid: 1 }, options);
  return { lease, store: new IdempotencyStore(testDb(), { owner: lease.id }) };
}

async function newAccount(): Promise<string> {
  const row = await testDb()
    .insertInto('accounts')
    .values({ name: `lease-${randomUUID().slice(0, 8)}`, plan: 'free' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ROUTE = 'POST /videos';
const hash = requestHash({ prompt: 'p' });

afterAll(async () => {
  await Promise.all(pools.map((db) => db.destroy().catch(() => undefined)));
  await testDb().destroy();
});

describe('Idempotency-Key claims freed by instance leases, on PostgreSQL', () => {
  it('a claim of an instance whose lease expired is freed, and no claim of a live instance', async () => {
    const accountId = await newAccount();
    // Two instances on the same host and port; one crashes (stops renewing) with a create in flight.
    const crashed = instance({ leaseSeconds: 2 });
    const live = instance();
    await crashed.lease.renew();
    await live.lease.renew();
    await crashed.store.claim(accountId, ROUTE, 'died', hash);
    await crashed.store.claim(accountId, ROUTE, 'answered', hash);
    await crashed.store.complete(accountId, ROUTE, 'answered', 201, { id: 'v1' });
    await live.store.claim(accountId, ROUTE, 'running', hash);
    // A claim of an api from before migration 0016 names its owner by host and port.
    await new IdempotencyStore(testDb(), { owner: 'api-host:8080' }).claim(accountId, ROUTE, 'old', hash);

    // Within the crashed instance's lease, a starting instance frees nothing of it.
    const starting = instance();
    await starting.lease.renewAndSweep();
    await expect(starting.store.claim(accountId, ROUTE, 'died', hash)).rejects.toThrow(
      /still being processed/,
    );

    await sleep(2200);
    await live.lease.renewAndSweep();
    await starting.lease.renewAndSweep();
    expect(await starting.store.claim(accountId, ROUTE, 'died', hash)).toEqual({ kind: 'new' });
    expect(await starting.store.claim(accountId, ROUTE, 'answered', hash)).toMatchObject({ kind: 'replay' });
    for (const key of ['running', 'old']) {
      await expect(starting.store.claim(accountId, ROUTE, key, hash)).rejects.toThrow(
        /still being processed/,
      );
    }
    const rows = await testDb()
      .selectFrom('api_instances')
      .select('id')
      .where('id', 'in', [crashed.lease.id, live.lease.id, starting.lease.id])
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([live.lease.id, starting.lease.id].sort());
  });

  it("never frees a claim made after its owner's lease expired, and tells the owner when it renews again", async () => {
    const accountId = await newAccount();
    let lapses = 0;
    const stalled = instance({ leaseSeconds: 2, onLapse: () => lapses++ });
    await stalled.lease.renew();
    await stalled.store.claim(accountId, ROUTE, 'before', hash);
    await sleep(2200);
    // Its lease has expired, yet it claims: it is alive, whatever its lease says.
    await stalled.store.claim(accountId, ROUTE, 'after', hash);

    const other = instance();
    await other.lease.renewAndSweep();
    expect(await other.store.claim(accountId, ROUTE, 'before', hash)).toEqual({ kind: 'new' });
    await expect(other.store.claim(accountId, ROUTE, 'after', hash)).rejects.toThrow(/still being processed/);

    // Its row was taken for gone: its next renewal registers it again, and says so.
    expect(lapses).toBe(0);
    await stalled.lease.renew();
    expect(lapses).toBe(1);
    await other.lease.renewAndSweep();
    await expect(other.store.claim(accountId, ROUTE, 'after', hash)).rejects.toThrow(/still being processed/);
  });

  it('a clean shutdown frees its own unanswered claims at once and removes its row', async () => {
    const accountId = await newAccount();
    const stopping = instance();
    const other = instance();
    await stopping.lease.renew();
    await other.lease.renew();
    await stopping.store.claim(accountId, ROUTE, 'open', hash);
    await other.store.claim(accountId, ROUTE, 'elsewhere', hash);
    await stopping.lease.close();
    expect(await other.store.claim(accountId, ROUTE, 'open', hash)).toEqual({ kind: 'new' });
    await expect(other.store.claim(accountId, ROUTE, 'elsewhere', hash)).rejects.toThrow(
      /still being processed/,
    );
    const row = await testDb()
      .selectFrom('api_instances')
      .select('id')
      .where('id', '=', stopping.lease.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
