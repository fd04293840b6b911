import { existsSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTakenPorts, parseListeningSockets, portInUse } from './port-owner';
import { freePort } from './ports';

const PROC_NET_TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1C41 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 91234 1 0000000000000000 100 0 0 10 0
   1: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 91300 1 0000000000000000 100 0 0 10 0
   2: 0100007F:1C41 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 91555 1 0000000000000000 20 4 30 10 -1
`;

const PROC_NET_TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000001000000:D5A9 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000   101        0 70001 1 0000000000000000 100 0 0 10 0
`;

describe('parseListeningSockets', () => {
  it('reads the port and socket inode of listening IPv4 sockets, skipping connections', () => {
    expect(parseListeningSockets(PROC_NET_TCP)).toEqual([
      { port: 7233, inode: 91234 },
      { port: 8080, inode: 91300 },
    ]);
  });

  it('reads IPv6 sockets', () => {
    expect(parseListeningSockets(PROC_NET_TCP6)).toEqual([{ port: 54697, inode: 70001 }]);
  });

  it('ignores an empty table', () => {
    expect(parseListeningSockets('  sl  local_address rem_address   st\n')).toEqual([]);
  });
});

describe('portInUse', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  async function listen(port: number, host: string): Promise<void> {
    const server = net.createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
  }

  it('says a free port is free', async () => {
    expect(await portInUse(await freePort())).toBeUndefined();
  });

  it.runIf(existsSync('/proc/net/tcp'))(
    'names the process listening on the port and its command line',
    async () => {
      const port = await freePort();
      await listen(port, '127.0.0.1');
      const use = await portInUse(port);
      expect(use?.pid).toBe(process.pid);
      expect(use?.command).toContain(process.argv0.split('/').pop());
      expect(await describeTakenPorts([{ port, what: 'api', setting: 'PORT' }])).toEqual([
        `port ${port} (api, PORT) is in use by pid ${process.pid}: ${use?.command}`,
      ]);
    },
  );

  it('sees a port taken on another address than the one it will be bound to', async () => {
    const port = await freePort();
    await listen(port, '127.0.0.1');
    expect(await portInUse(port)).toBeDefined();
  });

  it('lists nothing when every planned port is free', async () => {
    expect(await describeTakenPorts([{ port: await freePort(), what: 'api', setting: 'PORT' }])).toEqual([]);
  });
});
