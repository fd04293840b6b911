import { loadConfig } from '@vidgen/config';
import { startMetricsServer } from '@vidgen/metrics';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  app.enableShutdownHooks();
  // Before the api listens: a taken metrics port stops the start instead of going unnoticed.
  if (config.metrics.apiPort > 0) await startMetricsServer({ port: config.metrics.apiPort });
  await app.listen(config.port, '0.0.0.0');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
