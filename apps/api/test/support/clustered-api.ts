import cluster from 'node:cluster';

/**
 * The api under Node's cluster module: every worker it forks is a whole api process on the same
 * host and the same port (the primary holds the listening socket), as a clustered deployment
 * runs it. The primary forks one more worker on each 'fork' message of its parent and answers
 * `{ listening: pid }` once that worker listens; SIGTERM stops every worker, then the primary.
 */
if (cluster.isPrimary) {
  process.on('message', (msg) => {
    if (msg !== 'fork') return;
    const worker = cluster.fork();
    worker.once('listening', () => process.send?.({ listening: worker.process.pid }));
  });
  process.on('SIGTERM', () => {
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    for (const w of workers) w?.process.kill('SIGTERM');
  });
} else {
  require('../../src/main');
}
