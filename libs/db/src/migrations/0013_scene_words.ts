import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // words: when each narration word is spoken (the captions' and the transcript's timings);
  // audio_asset_id: the client's own recording used as the scene's narration.
  await sql`alter table scenes add column words jsonb, add column audio_asset_id uuid`.execute(db);
  await sql`create index scenes_audio_asset_idx on scenes(audio_asset_id) where audio_asset_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
