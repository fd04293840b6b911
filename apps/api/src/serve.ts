import { loadConfig } from '@vidgen/config';
import { IdempotencyStore } from '@vidgen/limits';
import { startMetricsServer } from '@vidgen/metrics';
import { createApp, stopOnSignals } from './app';
import { idempotencyOwner } from './common/common.module';

/** Starts the api: its app, the metrics server, the HTTP listener (main.ts loads this module). */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  stopOnSignals(app);
  // Before the api listens: a taken metrics port stops the start instead of going unnoticed.
  if (config.metrics.apiPort > 0) await startMetricsServer({ port: config.metrics.apiPort });
  await app.listen(config.port, '0.0.0.0');
  // Listening on this host and port proves the previous run here is gone: the Idempotency-Key
  // claims its dead requests held are freed now, so a client retrying such a create is served
  // at once instead of after the claims' expiry. A failure leaves them to that expiry.
  await app
    .get(IdempotencyStore)
    .releaseOwnedBy(idempotencyOwner(config))
    .catch(() => undefined);
}
