/**
 * `npm run tools:moto`: makes sure the pinned moto (the S3-protocol server the storage specs and
 * the scale test store assets in) is installed under .tools/, from PyPI with pip. A second run
 * is a no-op.
 */
import { ensureMoto, PINNED_MOTO } from '@vidgen/devstack';

const log = (msg: string) => console.log(`[tools:moto] ${msg}`);

ensureMoto({ log }).then(
  (dir) => log(`${dir}: ${PINNED_MOTO.package} ${PINNED_MOTO.version}`),
  (err) => {
    console.error(`[tools:moto] ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
