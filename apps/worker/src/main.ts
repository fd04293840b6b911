import { loadConfig } from '@vidgen/config';
import { runWorker } from './worker';

runWorker(loadConfig()).then(
  // Everything the worker opened is closed by now; a worker the SDK gave up stopping (Temporal
  // did not answer, docs/decisions/0087-a-stopping-worker-keeps-its-tasks.md) can leave native
  // handles that would keep the process alive.
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
