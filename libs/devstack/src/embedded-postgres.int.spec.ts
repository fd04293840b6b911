import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';
import { freePort } from './ports';

describe('startEmbeddedPostgres', () => {
  let dir: string;
  let blocker: net.Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-pg-'));
    // Run as root, PostgreSQL runs as the postgres user, which must reach its data folder.
    chmodSync(dir, 0o755);
    port = await freePort();
    blocker = net.createServer();
    // The dual-stack wildcard takes the port on 127.0.0.1 and ::1 alike, as another server would.
    await new Promise<void>((resolve) => blocker.listen(port, '::', resolve));
  });

  afterAll(async () => {
    await new Promise((r) => blocker.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails with PostgreSQL’s own reason when it cannot start, not with an empty rejection', async () => {
    const err = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toContain(`did not start on port ${port}`);
    expect(message).toMatch(/could not (bind|create any TCP\/IP sockets)|Address already in use/);
  });
});
