import { randomUUID } from 'node:crypto';
import { type Db, sql } from '@vidgen/db';
import { IDEMPOTENCY_PENDING_SECONDS } from './idempotency.store';

/** How often a live api instance renews its lease. */
export const INSTANCE_LEASE_RENEW_MS = 2000;
/** How long a lease lasts without renewal: five missed renewals. */
export const INSTANCE_LEASE_SECONDS = 10;

/**
 * The identity and liveness of one api process, for the Idempotency-Key claims it makes
 * (docs/decisions/0049-idempotency-claim-owners.md). Its id is random and new at every start:
 * replicas share host names and cluster workers share a port, so neither names a process. The
 * process keeps a row in `api_instances` whose lease it renews on the database's clock; on every
 * renewal it frees the unanswered claims of the instances whose lease has expired.
 *
 * Invariant: a claim is freed early only when its owner is provably gone, that is, its owner's
 * lease expired without renewal and the claim was made before that expiry. A live instance
 * renews, so its claims stay; a claim made after its owner's lease expired shows the owner
 * alive, so it stays; a claim whose owner has no row (an older api's host:port, or made while
 * its owner's row was gone) stays. Those wait for IDEMPOTENCY_PENDING_SECONDS as before.
 */
export class InstanceLease {
  /** This process, as its claims name it. */
  readonly id = randomUUID();
  private registered = false;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private closed = false;

  constructor(
    /** A pool of its own (one connection), so a busy request pool cannot hold up a renewal. */
    private readonly db: Db,
    private readonly where: { host: string; port: number; pid: number },
    private readonly options: {
      renewMs?: number;
      leaseSeconds?: number;
      /** This instance's lease had expired and its row was gone: its claims may have been freed. */
      onLapse?: () => void;
    } = {},
  ) {}

  /**
   * Registers this instance and frees the claims of the instances found gone, then does so
   * again every INSTANCE_LEASE_RENEW_MS. Resolves after the first round, which may fail (the
   * database is down): the next round tries again, and claims made meanwhile have an owner
   * without a row, which nothing frees early.
   */
  async start(): Promise<void> {
    await this.renewAndSweep().catch(() => undefined);
    this.schedule();
  }

  /** Renews this instance's lease (registering it if it has no row), then frees the claims of instances gone. */
  async renewAndSweep(): Promise<void> {
    await this.renew();
    await this.freeClaimsOfGoneInstances();
  }

  /**
   * Renews this instance's lease, or registers it. When the row has to be inserted again after
   * a first registration, another instance found the lease expired and removed the row: onLapse
   * is told.
   */
  async renew(): Promise<void> {
    const leaseSeconds = this.options.leaseSeconds ?? INSTANCE_LEASE_SECONDS;
    const row = await this.db
      .insertInto('api_instances')
      .values({
        id: this.id,
        host: this.where.host,
        port: this.where.port,
        pid: this.where.pid,
        lease_expires_at: sql<string>`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ lease_expires_at: (eb) => eb.ref('excluded.lease_expires_at') }),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow();
    const lapsed = this.registered && row.inserted;
    this.registered = true;
    if (lapsed) this.options.onLapse?.();
  }

  /**
   * Frees the unanswered claims of every other instance whose lease has expired, made before it
   * expired, and removes those instances' rows; one statement, so a renewal racing it either
   * keeps its row (the lease is no longer expired when the delete looks again) or finds it gone.
   * Returns how many claims were freed.
   */
  async freeClaimsOfGoneInstances(): Promise<number> {
    return this.free('others');
  }

  /**
   * Clean shutdown, once nothing in this process can still answer or write (its request pool is
   * closed): ends its lease now and frees its unanswered claims by the same rule, then closes the
   * lease's pool. A failure leaves the lease to expire.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round?.catch(() => undefined);
    try {
      if (this.registered) {
        await this.db
          .updateTable('api_instances')
          .set({ lease_expires_at: sql<string>`now()` })
          .where('id', '=', this.id)
          .execute();
        await this.free('self');
      }
    } catch {
      // The lease expires on its own.
    } finally {
      await this.db.destroy().catch(() => undefined);
    }
  }

  private async free(whose: 'others' | 'self'): Promise<number> {
    const which = whose === 'self' ? sql<boolean>`id = ${this.id}` : sql<boolean>`id <> ${this.id}`;
    // Claims older than the pending window are free anyway (IdempotencyStore.claim): the bound
    // keeps the scan on idempotency_keys_created_idx.
    const { rows } = await sql<{ freed: number }>`
      with gone as (
        delete from api_instances
        where lease_expires_at <= now() and ${which}
        returning id, lease_expires_at
      ), freed as (
        delete from idempotency_keys k
        using gone
        where k.owner = gone.id::text
          and k.status_code is null
          and k.created_at < gone.lease_expires_at
          and k.created_at > now() - make_interval(secs => ${IDEMPOTENCY_PENDING_SECONDS})
        returning 1
      )
      select count(*)::int as freed from freed`.execute(this.db);
    return Number(rows[0]?.freed ?? 0);
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.round = this.renewAndSweep()
        .catch(() => undefined)
        .finally(() => this.schedule());
    }, this.options.renewMs ?? INSTANCE_LEASE_RENEW_MS);
    this.timer.unref();
  }
}
