import { loadConfig } from '@vidgen/config';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port, '0.0.0.0');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
