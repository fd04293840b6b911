import net from 'node:net';
import { freePort } from '@vidgen/devstack';

export interface SlowAnswers {
  /** host:port to connect to instead of the server. */
  address: string;
  port: number;
  close(): void;
}

/**
 * A TCP proxy to `target` (host:port) that passes what the client sends at once and holds what
 * the server sends back for `delayMs`, in order: a loaded machine's answers, slowed down so what
 * happens while one is on its way can be seen.
 */
export async function slowAnswers(target: string, delayMs: number): Promise<SlowAnswers> {
  const [host, port] = target.split(':');
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
    }
    client.on('data', (chunk) => upstream.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('data', (chunk) => {
      setTimeout(() => client.writable && client.write(chunk), delayMs);
    });
    // The server's end reaches the client after what it sent before it.
    upstream.on('close', () => setTimeout(() => client.destroy(), delayMs));
  });
  const listenPort = await freePort();
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${listenPort}`,
    port: listenPort,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
