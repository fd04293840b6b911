import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who wrote a video's script and what its record warns of (docs/decisions/0065-models-users-run.md).
  // Null until a script is written; a video made from the client's scenes is the client's from the start.
  await sql`
    alter table videos
      add column script_source text check (script_source in ('model', 'planner', 'client')),
      add column warnings jsonb not null default '[]'::jsonb`.execute(db);
  await sql`update videos set script_source = 'client' where client_scenes is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
