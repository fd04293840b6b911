import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { postgresAnswers, postgresServer, withDatabase } from './postgres-server';

describe('postgresServer', () => {
  let dir: string;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-pg-server-'));
    // Run as root, PostgreSQL runs as the postgres user, which must reach its data folder.
    chmodSync(dir, 0o755);
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts an embedded server when none answers at the url, and gives its postgres database', async () => {
    const silent = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    expect(await postgresAnswers(silent)).toBe(false);
    const server = await postgresServer({ url: silent, dataDir: path.join(dir, 'postgres') });
    if (server.embedded) stops.push(server.embedded.stop);
    expect(server.embedded).toBeDefined();
    expect(new URL(server.url).pathname).toBe('/postgres');
    expect(await postgresAnswers(server.url)).toBe(true);

    // A server that answers is used as it is, and none is started.
    const again = await postgresServer({ url: server.url, dataDir: path.join(dir, 'unused') });
    expect(again).toEqual({ url: server.url });
  });

  it('names another database on the same server', () => {
    expect(withDatabase('postgres://postgres:pw@127.0.0.1:5432/postgres', 'vidgen_test_1')).toBe(
      'postgres://postgres:pw@127.0.0.1:5432/vidgen_test_1',
    );
  });
});
