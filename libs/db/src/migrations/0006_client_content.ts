import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Assets a client uploads or imports belong to the account, not to a video: video_id is null
  // until (and unless) the pipeline makes the asset for a video.
  await sql`alter table assets alter column video_id drop not null`.execute(db);
  await sql`alter table assets add column source text not null default 'generated' check (source in ('upload', 'import', 'generated'))`.execute(
    db,
  );
  await sql`alter table assets add column name text`.execute(db);
  await sql`alter table assets add column updated_at timestamptz not null default now()`.execute(db);
  // The client's own script (`scenes` on POST /videos): the first scripting run takes it verbatim.
  await sql`alter table videos add column client_scenes jsonb`.execute(db);
  // Which in-progress video uses an asset the client supplied (a scene image or the music).
  await sql`create index scenes_image_asset_idx on scenes(image_asset_id) where image_asset_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
