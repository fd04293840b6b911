import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table videos (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      prompt text not null,
      status text not null default 'pending' check (status in
        ('pending', 'scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering', 'completed', 'failed')),
      stage text,
      awaiting_approval boolean not null default false,
      scene_count integer not null check (scene_count between 1 and 12),
      options jsonb not null,
      faults jsonb,
      failure_reason jsonb,
      credits_charged integer not null default 0,
      credits_refunded integer not null default 0,
      video_asset_id uuid,
      audio_asset_id uuid,
      thumbnail_asset_id uuid,
      subtitles_asset_id uuid,
      workflow_started_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index videos_account_idx on videos(account_id, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index videos_unstarted_idx on videos(created_at) where workflow_started_at is null`.execute(
    db,
  );

  await sql`
    create table scenes (
      id uuid primary key default gen_random_uuid(),
      video_id uuid not null references videos(id),
      position integer not null,
      visual_description text not null,
      narration text not null,
      image_asset_id uuid,
      narration_asset_id uuid,
      narration_seconds double precision,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index scenes_video_idx on scenes(video_id, position)`.execute(db);

  // Append-only: the code has no UPDATE or DELETE path for this table. `key` makes every
  // append idempotent, so a retried or replayed activity never logs an event twice.
  await sql`
    create table video_events (
      id uuid primary key default gen_random_uuid(),
      video_id uuid not null references videos(id),
      seq integer not null,
      key text not null,
      type text not null,
      status text,
      stage text,
      data jsonb not null default '{}',
      created_at timestamptz not null default now(),
      unique (video_id, seq),
      unique (video_id, key)
    )`.execute(db);

  await sql`
    create table assets (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts(id),
      video_id uuid not null references videos(id),
      scene_id uuid,
      type text not null check (type in ('video', 'audio', 'thumbnail', 'image', 'narration', 'subtitles')),
      path text not null,
      mime_type text not null,
      size_bytes bigint not null,
      width integer,
      height integer,
      duration_seconds double precision,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index assets_account_idx on assets(account_id, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index assets_video_idx on assets(video_id)`.execute(db);

  // Shared settings of all api instances, e.g. the key that signs asset URLs.
  await sql`create table settings (key text primary key, value text not null)`.execute(db);
  await sql`insert into settings (key, value) values ('asset_url_secret', encode(gen_random_bytes(32), 'hex'))`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
