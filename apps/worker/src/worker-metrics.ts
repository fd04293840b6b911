import { createServer } from 'node:net';
import { startMetricsServer } from '@vidgen/metrics';

/** A port nothing listens on right now, on the loopback only. */
function loopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The Temporal SDK serves its own `temporal_*` series from its Rust core on an address of its
 * own. The worker binds that to a loopback port nobody else needs to know, and its metrics
 * server appends what that port answers to vidgen's series, so Prometheus scrapes one port per
 * worker (WORKER_METRICS_PORT). docs/decisions/0016-metrics.md, "One metrics port per worker".
 */
export async function sdkMetricsAddress(): Promise<string> {
  return `127.0.0.1:${await loopbackPort()}`;
}

export async function startWorkerMetrics(port: number, sdkAddress: string): Promise<string> {
  const server = await startMetricsServer({
    port,
    extra: async () => {
      try {
        const res = await fetch(`http://${sdkAddress}/metrics`, { signal: AbortSignal.timeout(2000) });
        return res.ok ? await res.text() : `# temporal SDK metrics answered ${res.status}\n`;
      } catch (err) {
        // vidgen's own series are still worth a scrape when the SDK's endpoint does not answer.
        return `# temporal SDK metrics unavailable: ${String(err)}\n`;
      }
    },
  });
  return server.url;
}
