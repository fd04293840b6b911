import pg from 'pg';

export { API_KEY_CHANGES_CHANNEL } from './migrations/0008_api_key_changes';

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTENs on a channel over a connection of its own (outside the pool: a listening session must
 * stay open), reconnecting after a second when it is lost. Notifications sent while no
 * connection listened are gone, so `onGap` is called whenever one may have been missed (the
 * connection dropped); a caller that caches must then forget what it holds.
 */
export function listen(
  connectionString: string,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onGap: () => void },
): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    handlers.onGap();
    const c = client;
    client = undefined;
    c?.removeAllListeners();
    void c?.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 1000);
      retry.unref();
    }
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = c;
    c.on('error', lost);
    c.on('end', () => client === c && lost());
    c.on('notification', (n) => n.channel === channel && handlers.onMessage(n.payload ?? ''));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (closed) await c.end();
      // Whatever was cached while nobody listened may be stale.
      else handlers.onGap();
    } catch {
      if (client === c) lost();
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      await c?.end().catch(() => undefined);
    },
  };
}
