import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database';
import { DatabaseUnavailableError, isDatabaseFailure } from './errors';

const TIMEOUT_MS = 500;

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

const ready = (status: 'I' | 'T') => message('Z', Buffer.from(status));

/**
 * A PostgreSQL server that stops answering: it accepts TCP connections and, in 'session' mode,
 * completes the startup handshake (trust auth) and then answers only `begin`; in 'silent'
 * mode it never answers the startup either; in 'shutting-down' mode it completes the startup and
 * ends the connection as a server going down does (FATAL 57P01), in the same packet. It records each connection's startup parameters
 * and when the client closed it.
 */
async function hangingServer(mode: 'session' | 'silent' | 'shutting-down') {
  const connections: { params: Record<string, string>; closed: boolean }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const conn = { params: {} as Record<string, string>, closed: false };
    connections.push(conn);
    socket.on('close', () => {
      conn.closed = true;
      sockets.delete(socket);
    });
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      if (!started) {
        if (pending.length < 4 || pending.length < pending.readInt32BE(0)) return;
        const length = pending.readInt32BE(0);
        const fields = pending
          .subarray(8, length - 1)
          .toString()
          .split('\0');
        for (let i = 0; i + 1 < fields.length; i += 2) conn.params[fields[i]!] = fields[i + 1]!;
        pending = pending.subarray(length);
        started = true;
        if (mode === 'silent') return;
        const greeting = [message('R', Buffer.from([0, 0, 0, 0])), ready('I')];
        if (mode === 'shutting-down') {
          const fatal = message(
            'E',
            Buffer.from('SFATAL\0C57P01\0Mterminating connection due to administrator command\0\0'),
          );
          socket.end(Buffer.concat([...greeting, fatal]));
          return;
        }
        socket.write(Buffer.concat(greeting));
      }
      // Simple queries: `begin` is answered, so a transaction gets under way; nothing else is.
      while (pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
        const length = 1 + pending.readInt32BE(1);
        const type = String.fromCharCode(pending[0]!);
        const text = pending.subarray(5, length - 1).toString();
        pending = pending.subarray(length);
        if (type === 'Q' && text.trim().toLowerCase() === 'begin') {
          socket.write(Buffer.concat([message('C', Buffer.from('BEGIN\0')), ready('T')]));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `postgres://vidgen@127.0.0.1:${port}/vidgen`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function failure(p: Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const started = performance.now();
  try {
    await p;
  } catch (err) {
    return { err, ms: performance.now() - started };
  }
  throw new Error('expected the operation to fail');
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('createDb against a PostgreSQL that stops answering', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(
    mode: 'session' | 'silent' | 'shutting-down',
    max = 1,
  ): Promise<{ db: Db } & Awaited<ReturnType<typeof hangingServer>>> {
    const server = await hangingServer(mode);
    const db = createDb(server.url, { max, timeoutMs: TIMEOUT_MS });
    cleanups.push(server.close, () => db.destroy());
    return { db, ...server };
  }

  function expectTimedOut(out: { err: unknown; ms: number }): void {
    expect(out.err).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseFailure(out.err)).toBe(true);
    expect((out.err as Error).message).toContain(`within ${TIMEOUT_MS} ms`);
    expect(out.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    // Well under two bounds: one wait, not one per statement or per step.
    expect(out.ms).toBeLessThan(1.5 * TIMEOUT_MS);
  }

  it('asks the server for statement and idle-in-transaction timeouts below and above the bound', async () => {
    const { db, connections } = await setup('session');
    await failure(sql`select 1`.execute(db));
    expect(connections[0]!.params).toMatchObject({
      statement_timeout: '450',
      idle_in_transaction_session_timeout: String(2 * TIMEOUT_MS),
      options: '-c TimeZone=UTC',
    });
  });

  it('fails a statement the server never answers within the bound and discards its connection', async () => {
    const { db, connections } = await setup('session');
    expectTimedOut(await failure(sql`select 1`.execute(db)));
    // The timed-out connection is closed, not returned to the pool (of one connection)...
    await until(() => connections[0]!.closed);
    expect(connections[0]!.closed).toBe(true);
    // ...so the next statement opens a fresh one instead of queueing behind the dead statement.
    expectTimedOut(await failure(sql`select 2`.execute(db)));
    expect(connections).toHaveLength(2);
  });

  it('fails a transaction within one bound: the rollback does not wait on the dead connection', async () => {
    const { db } = await setup('session');
    expectTimedOut(await failure(db.transaction().execute((trx) => sql`select 1`.execute(trx))));
  });

  it('fails a connection whose startup the server never answers within the bound', async () => {
    const { db, connections } = await setup('silent');
    expectTimedOut(await failure(sql`select 1`.execute(db)));
    await until(() => connections[0]!.closed);
    expect(connections[0]!.closed).toBe(true);
  });

  it('gives the first statement only what the wait for its connection left of the bound', async () => {
    const { db } = await setup('session', 1);
    // The only connection is held a while and then returned healthy: the waiter gets it late.
    const holder = db.connection().execute(() => new Promise((r) => setTimeout(r, TIMEOUT_MS * 0.6)));
    await new Promise((r) => setTimeout(r, 20));
    const out = await failure(sql`select 1`.execute(db));
    await holder;
    expectTimedOut(out);
  });

  it('fails a wait for a free connection within the bound when every connection is stuck', async () => {
    const { db } = await setup('session', 1);
    const outs = await Promise.all([failure(sql`select 1`.execute(db)), failure(sql`select 2`.execute(db))]);
    for (const out of outs) expectTimedOut(out);
  });

  it('survives a server that ends a connection in the packet that made it ready (a restart under way)', async () => {
    // pg-pool takes its idle 'error' listener off a new connection before handing it out, and the
    // FATAL that follows the ready message in the same packet arrives before anyone has put
    // another on: an unhandled 'error' event, which ends the process.
    const { db } = await setup('shutting-down');
    const out = await failure(sql`select 1`.execute(db));
    expect(isDatabaseFailure(out.err)).toBe(true);
    // Nothing else is thrown afterwards: the process (this test's worker) is still here to check.
    await new Promise((r) => setTimeout(r, 50));
  });
});
