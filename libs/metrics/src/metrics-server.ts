import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initMetrics, registry } from './metrics';

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. http://0.0.0.0:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  port: number;
  host?: string;
  /** More exposition text appended to the registry's (the worker's Temporal SDK series). */
  extra?: () => Promise<string>;
}

/**
 * Serves Prometheus text at /metrics on its own port, apart from the public api, so scraping
 * needs no key and the metrics are never reachable through the api's ingress. The server is
 * unref'd: it never keeps a process alive that is shutting down.
 */
export async function startMetricsServer(opts: MetricsServerOptions): Promise<MetricsServer> {
  initMetrics();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found: scrape /metrics\n');
      return;
    }
    void render(opts.extra).then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: unknown) =>
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics failed: ${String(err)}\n`),
    );
  });
  const host = opts.host ?? '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function render(extra?: () => Promise<string>): Promise<string> {
  const own = await registry.metrics();
  if (!extra) return own;
  const more = await extra();
  return `${own.endsWith('\n') ? own : `${own}\n`}${more}`;
}
