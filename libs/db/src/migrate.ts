import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_videos';
import * as m0003 from './migrations/0003_webhook_deliveries';
import * as m0004 from './migrations/0004_credits_limits';
import * as m0005 from './migrations/0005_hardening';
import * as m0006 from './migrations/0006_client_content';
import * as m0007 from './migrations/0007_dashboard';
import * as m0008 from './migrations/0008_api_key_changes';
import * as m0009 from './migrations/0009_delivery_links';
import * as m0011 from './migrations/0011_asset_depicts';
import * as m0013 from './migrations/0013_scene_words';
import * as m0014 from './migrations/0014_stock_assets';
import * as m0015 from './migrations/0015_idempotency_owner';
import * as m0016 from './migrations/0016_api_instances';
import * as m0017 from './migrations/0017_templates_batches';
import * as m0018 from './migrations/0018_brands';
import * as m0019 from './migrations/0019_script_source';
import * as m0020 from './migrations/0020_batch_webhooks';
import * as m0021 from './migrations/0021_progress_events';
import * as m0022 from './migrations/0022_storyboard_preview';
import * as m0023 from './migrations/0023_translations';
import * as m0024 from './migrations/0024_batch_idempotency';
import * as m0025 from './migrations/0025_video_idempotency';
import * as m0026 from './migrations/0026_workflow_task_queue';

/**
 * Ordered, forward-only migrations. Listed statically (not read from a folder) so the same
 * list runs under SWC, vitest and any bundler.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_videos': m0002,
  '0003_webhook_deliveries': m0003,
  '0004_credits_limits': m0004,
  '0005_hardening': m0005,
  '0006_client_content': m0006,
  '0007_dashboard': m0007,
  '0008_api_key_changes': m0008,
  '0009_delivery_links': m0009,
  '0011_asset_depicts': m0011,
  '0013_scene_words': m0013,
  '0014_stock_assets': m0014,
  '0015_idempotency_owner': m0015,
  '0016_api_instances': m0016,
  '0017_templates_batches': m0017,
  '0018_brands': m0018,
  '0019_script_source': m0019,
  '0020_batch_webhooks': m0020,
  '0021_progress_events': m0021,
  '0022_storyboard_preview': m0022,
  '0023_translations': m0023,
  '0024_batch_idempotency': m0024,
  '0025_video_idempotency': m0025,
  '0026_workflow_task_queue': m0026,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * Migrations may rebuild big tables and build indexes: the connection that runs them waits far
 * longer per statement than a request would (`createDb(url, { timeoutMs: MIGRATION_TIMEOUT_MS })`).
 */
export const MIGRATION_TIMEOUT_MS = 30 * 60_000;

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
