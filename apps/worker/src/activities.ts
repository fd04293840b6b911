import type { Db } from '@vidgen/db';
import { sql } from '@vidgen/db';
import type { HealthActivities } from '@vidgen/workflows';

export interface ActivityDeps {
  db: Db;
}

/** Every activity the worker registers, built over injected dependencies. */
export function createActivities(deps: ActivityDeps): HealthActivities {
  return {
    async probeDependencies() {
      await sql`select 1`.execute(deps.db);
      return { database: 'ok', workerPid: process.pid, checkedAt: new Date().toISOString() };
    },
  };
}
