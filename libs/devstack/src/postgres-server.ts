import pg from 'pg';
import { type RunningPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { freePort } from './ports';

/** Whether a PostgreSQL server answers at `url` within 2 s. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** `url` with its database replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A PostgreSQL server to make throwaway databases on, for the test setup, benches and scripts:
 * the one at `url` (its `postgres` database) when it answers, else an embedded one started with
 * its data in `dataDir`. `url` is then the embedded server's `postgres` database, and `embedded`
 * the server, for the caller to stop.
 */
export async function postgresServer(options: {
  url: string;
  dataDir: string;
  log?: (msg: string) => void;
}): Promise<{ url: string; embedded?: RunningPostgres }> {
  if (await postgresAnswers(options.url)) return { url: options.url };
  const port = await freePort();
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, port, log: options.log });
  options.log?.(`using embedded PostgreSQL on ${port}`);
  return { url: withDatabase(embedded.url, 'postgres'), embedded };
}
