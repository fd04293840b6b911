/**
 * `npm run fuzz`: starts a stack of its own (a fresh database, a Temporal dev server, an api and a
 * worker, as bench/ does), makes an account with credits and a key holding every scope, and runs
 * schemathesis over the served document with every check (test/fuzz/schemathesis.toml says which
 * one is off, and why). Exits non-zero on any failure. FUZZ_MAX_EXAMPLES (default 25),
 * FUZZ_MAX_TIME seconds (default 600) and FUZZ_SEED tune the run.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@vidgen/client';
import { startBenchStack } from '../bench/support';
import { fuzzFixtures, runSchemathesis, startFuzzStockLibrary } from '../test/support/fuzz';

const log = (msg: string) => console.log(`[fuzz] ${msg}`);

async function main(): Promise<number> {
  const maxExamples = Number(process.env.FUZZ_MAX_EXAMPLES ?? 25);
  const maxTime = Number(process.env.FUZZ_MAX_TIME ?? 600);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  log('starting a stack (database, Temporal, api, worker) and a stock library stand-in');
  const stock = await startFuzzStockLibrary();
  const bench = await startBenchStack({
    ...stock.env,
    // One key sends far more than a client would; the per-key limit has its own spec.
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Generated webhook URLs name any host or IPv4 address; which of them are private is a
    // deployment rule (422 at create), not one a schema can state.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
  });
  try {
    const key = await bench.key(1_000_000);
    const fixtures = await fuzzFixtures(
      createClient({ baseUrl: bench.stack.baseUrl, apiKey: key }),
      bench.stack.baseUrl,
      key,
    );
    const reportDir = path.resolve('.data', 'fuzz-report');
    mkdirSync(reportDir, { recursive: true });
    log(
      `api ${bench.stack.baseUrl}; ${maxExamples} examples per operation${maxTime ? `, at most ${maxTime} s` : ''}`,
    );
    const result = await runSchemathesis({
      apiBaseUrl: bench.stack.baseUrl,
      apiKey: key,
      fixtures,
      maxExamples,
      maxTimeSeconds: maxTime,
      seed,
      reportDir,
      echo: true,
    });
    log(
      `cases generated: ${result.casesGenerated ?? 'unknown'}; failures: ${result.failures}; reports in ${reportDir}`,
    );
    return result.exitCode;
  } finally {
    await bench.stop();
    await stock.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[fuzz] ${err instanceof Error ? err.stack : err}`);
    process.exit(1);
  },
);
