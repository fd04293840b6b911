import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The assets a delivery links to, by payload field (`{"video_url": "<asset id>", …}`): each
  // attempt signs its links from these ids, owned by the delivery's video, and never from the
  // payload's text, which also holds what the client wrote (docs/webhooks.md).
  await sql`alter table webhook_deliveries add column asset_ids jsonb not null default '{}'`.execute(db);
  // Deliveries made before: the ids their own link fields name, kept only where the asset
  // belongs to the delivery's video.
  await sql`
    update webhook_deliveries d set asset_ids = coalesce((
      select jsonb_object_agg(f.key, a.id)
      from jsonb_each_text(d.payload::jsonb -> 'data') f
      join assets a
        on a.id::text = substring(f.value from '/api/v1/assets/([0-9a-f-]{36})/content')
       and a.video_id = d.video_id
       and a.account_id = d.account_id
      where f.key in ('video_url', 'audio_url', 'thumbnail_url', 'subtitles_url')
    ), '{}'::jsonb)
    where d.payload like '%/api/v1/assets/%'`.execute(db);

  // The video as an event left it, for the events a webhook delivery describes (failed,
  // completed): a delivery is built from it, never from a state a later run has moved on to.
  await sql`alter table video_events add column record jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
