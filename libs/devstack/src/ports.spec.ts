import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';

describe('freePort', () => {
  const servers: net.Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  it.runIf(existsSync('/proc/sys/net/ipv4/ip_local_port_range'))(
    'stays below the ephemeral range, where outgoing connections never take a port',
    async () => {
      const low = Number(
        readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
      );
      for (let i = 0; i < 50; i++) expect(await freePort()).toBeLessThan(low);
    },
  );

  it('never hands out the same port twice in one process', async () => {
    const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('gives a port that a server can then bind on every address', async () => {
    const port = await freePort();
    const server = net.createServer();
    servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', resolve);
    });
    expect((server.address() as net.AddressInfo).port).toBe(port);
  });
});
