import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The kernel's ephemeral range, from which it also picks the local port of every outgoing
 * connection. A port taken from there and released can be handed to some client's connect()
 * before our server binds it (seen as EADDRINUSE on a test api), so free ports come from below it.
 */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {
    // Not Linux: the IANA dynamic range starts at 49152.
  }
  return 49_152;
}

const FIRST_PORT = 15_000;
const handedOut = new Set<number>();

function canBind(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      // A host without IPv6 says nothing about the port.
      resolve(host === '::' && (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT')),
    );
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on, outside the ephemeral range and never the same twice in one
 * process. Checked on every address (IPv4 and IPv6 wildcards) because servers here bind either.
 */
export async function freePort(): Promise<number> {
  const last = ephemeralLow() - 1;
  const span = last - FIRST_PORT + 1;
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = span > 100 ? FIRST_PORT + Math.floor(Math.random() * span) : 20_000 + attempt;
    if (handedOut.has(port)) continue;
    // Reserved before the checks, so concurrent callers never get the same port; a taken one stays out.
    handedOut.add(port);
    if ((await canBind(port, '0.0.0.0')) && (await canBind(port, '::'))) return port;
  }
  throw new Error(`no free port found between ${FIRST_PORT} and ${last}`);
}

export function portAcceptsConnections(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  { timeoutMs, intervalMs = 100, what }: { timeoutMs: number; intervalMs?: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
