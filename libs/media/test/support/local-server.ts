// The HTTP server under the stand-ins of this folder (fake-openai.ts, fake-ollama.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LocalServer {
  port: number;
  /** Closes the server and every connection still open, so a kept-alive client never holds it up. */
  stop(): Promise<void>;
}

/** Serves `handle` on a free port of 127.0.0.1, each request with its whole body read as text. */
export async function startLocalServer(
  handle: (req: IncomingMessage, res: ServerResponse, raw: string) => unknown,
): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    await handle(req, res, Buffer.concat(chunks).toString('utf8'));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
