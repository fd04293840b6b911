import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A clip or photo taken from a stock library for a scene (`"visuals": "stock"`).
  await sql`alter table assets drop constraint if exists assets_source_check`.execute(db);
  await sql`alter table assets add constraint assets_source_check check (source in ('upload', 'import', 'generated', 'stock'))`.execute(
    db,
  );
  // The client's words for a scene's stock search (`scenes[].search_terms`).
  await sql`alter table scenes add column search_terms text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
