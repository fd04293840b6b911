import { randomUUID } from 'node:crypto';
import { listen } from '@vidgen/db';
import { waitFor } from '@vidgen/devstack';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

/**
 * A listening session that PostgreSQL ends (a restart's fast shutdown, an operator's
 * pg_terminate_backend: "terminating connection due to administrator command") is taken again a
 * second later, and the process that listens goes on: nothing the ended connection still emits
 * is left without a listener.
 */
describe('a LISTEN session (listen)', () => {
  it('is listened again after PostgreSQL ends it, and hears what is sent then', async () => {
    const url = inject('stack').databaseUrl;
    const channel = `listen_${randomUUID().replaceAll('-', '')}`;
    const heard: string[] = [];
    let gaps = 0;
    const listener = listen(url, channel, { onMessage: (m) => heard.push(m), onGap: () => gaps++ });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // The pids of the sessions listening on the channel.
    const listening = async () =>
      (
        await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()',
          [`listen ${pg.escapeIdentifier(channel)}`],
        )
      ).rows.map((r) => r.pid);
    try {
      await waitFor(async () => gaps === 1 && (await listening()).length === 1, {
        timeoutMs: 10_000,
        intervalMs: 50,
        what: 'the session listening',
      });
      const [first] = await listening();
      await admin.query('select pg_terminate_backend($1)', [first]);
      // A gap for the session lost, another once it listens again (on a new backend).
      await waitFor(async () => gaps === 3 && (await listening()).some((p) => p !== first), {
        timeoutMs: 10_000,
        intervalMs: 50,
        what: 'the session listening again',
      });
      await admin.query('select pg_notify($1, $2)', [channel, 'after the restart']);
      await waitFor(async () => heard.length > 0, { timeoutMs: 5000, intervalMs: 20, what: 'the message' });
      expect(heard).toEqual(['after the restart']);
    } finally {
      await listener.close();
      await admin.end();
    }
  });
});
