/**
 * Creates the database named in DATABASE_URL if it is missing and applies the pending
 * migrations. `npm start` does this itself; deployments that run the api and the worker
 * on their own (docker-compose.yml) run this once before them.
 */
import { loadConfig, requireDatabaseUrl } from '@vidgen/config';
import { createDb, ensureDatabase, MIGRATION_TIMEOUT_MS, migrateToLatest } from '@vidgen/db';

async function main(): Promise<void> {
  const url = requireDatabaseUrl(loadConfig());
  await ensureDatabase(url);
  const db = createDb(url, { max: 1, timeoutMs: MIGRATION_TIMEOUT_MS });
  try {
    const applied = await migrateToLatest(db);
    console.log(`[migrate] ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error('[migrate]', err instanceof Error ? err.message : err);
  process.exit(1);
});
