import { loadConfig } from '@vidgen/config';
import { startMetricsServer } from '@vidgen/metrics';
import { createApp, stopOnSignals } from './app';

/** Starts the api: its app, the metrics server, the HTTP listener (main.ts loads this module). */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  stopOnSignals(app);
  // Before the api listens: a taken metrics port stops the start instead of going unnoticed.
  if (config.metrics.apiPort > 0) await startMetricsServer({ port: config.metrics.apiPort });
  await app.listen(config.port, '0.0.0.0');
}
