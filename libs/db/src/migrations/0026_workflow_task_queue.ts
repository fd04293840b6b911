import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The task queue a video's or a batch's workflow runs on, written with the row by whoever
  // creates it. A workflow whose start was never confirmed is started there by any worker's
  // sweeper, not on the sweeping worker's own queue: deployments with queues of their own may
  // share one database (docs/decisions/0086-a-row-keeps-its-task-queue.md). Null on rows made
  // before: those go to the sweeper's queue, as they did.
  await sql`alter table videos add column task_queue text`.execute(db);
  await sql`alter table batches add column task_queue text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
