import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A translated video names the video it translates and that video's language, which its
  // scripting stage translates the scenes from (docs/decisions/0069-recommended-models-and-translations.md).
  // The source may be deleted later (a soft delete keeps its row), so the language is kept here.
  await sql`
    alter table videos
      add column source_video_id uuid references videos (id),
      add column source_language text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
