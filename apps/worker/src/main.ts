import { loadConfig } from '@vidgen/config';
import { runWorker } from './worker';

runWorker(loadConfig()).catch((err) => {
  console.error(err);
  process.exit(1);
});
