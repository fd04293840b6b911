import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, isServerError } from './errors';
import { statementName } from './statement-names';

/**
 * The pg pool as Kysely sees it, with two duties pg leaves to its caller:
 *
 * - A connection that failed other than by a server error report (a client-side timeout, a
 *   reset, a closed socket) is released with that error, so the pool discards it. pg keeps a
 *   timed-out query active on its connection; returned to the pool, the connection would
 *   hand the next request a query queued behind one the server never answered.
 * - A checked-out client carries an 'error' listener: pg emits 'error' when the socket of a
 *   busy client dies, and pg-pool listens only while the client is idle, so without one the
 *   process would crash.
 *
 * After such a failure, further statements on the same connection (Kysely's rollback of the
 * transaction it was in) fail at once instead of queueing behind the dead one.
 */
export class GuardedPool implements PostgresPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const deadline = performance.now() + this.timeoutMs;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw isServerError(err) ? err : this.unavailable(err);
    }
    return new GuardedClient(client, (err) => this.unavailable(err), deadline);
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private unavailable(err: unknown): Error {
    if (err instanceof DatabaseUnavailableError) return err;
    const message = err instanceof Error ? err.message : String(err);
    const timedOut = /timeout/i.test(message);
    return new DatabaseUnavailableError(
      timedOut
        ? `PostgreSQL did not answer within ${this.timeoutMs} ms (${message})`
        : `The connection to PostgreSQL failed (${message})`,
      { cause: err },
    );
  }
}

class GuardedClient implements PostgresPoolClient {
  private failure: Error | undefined;
  private readonly onError = (err: Error) => {
    this.failure ??= this.unavailable(err);
  };

  constructor(
    private readonly client: pg.PoolClient,
    private readonly unavailable: (err: unknown) => Error,
    /**
     * The bound of the wait for this connection, which its first statement shares: pg-pool hands
     * a waiter a connection that another request returned just before the waiter's own timeout,
     * and a frozen server then made the request wait a second full bound (a request answered
     * after twice DATABASE_TIMEOUT_MS, seen in the crash drill). Later statements of the same
     * checkout (a transaction's) each get the full bound again.
     */
    private firstDeadline: number | undefined,
  ) {
    client.on('error', this.onError);
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    statement: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (streamed query) is not a promise; its reads report their own errors.
    if (typeof statement !== 'string')
      return this.client.query(statement as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    if (this.failure) return Promise.reject(this.failure);
    const left =
      this.firstDeadline === undefined ? undefined : Math.floor(this.firstDeadline - performance.now());
    this.firstDeadline = undefined;
    if (left !== undefined && left < 1) {
      this.failure = this.unavailable(new Error('timeout: the wait for a connection used up the bound'));
      return Promise.reject(this.failure);
    }
    const query: pg.QueryConfig & { query_timeout?: number } = {
      text: statement,
      values: parameters as unknown[],
    };
    const name = statementName(statement);
    if (name) query.name = name;
    if (left !== undefined) query.query_timeout = left;
    return this.client.query(query).then(
      (result) => result as unknown as PostgresQueryResult<R>,
      (err: unknown) => {
        if (isServerError(err) || isProgrammingError(err)) throw err;
        this.failure ??= this.unavailable(err);
        throw this.failure;
      },
    );
  }

  release(): void {
    this.client.off('error', this.onError);
    // An error makes pg-pool end the client (destroying its socket) instead of keeping it.
    this.client.release(this.failure);
  }
}

/** A bug in the caller (a value pg cannot serialise), not a sign of a broken connection. */
function isProgrammingError(err: unknown): boolean {
  return err instanceof TypeError || err instanceof RangeError;
}
