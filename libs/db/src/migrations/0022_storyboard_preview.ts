import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The storyboard and the draft at the review gate (docs/decisions/0068-storyboard-and-draft.md):
  // a scene's picture made before approval, which the production run adopts as its image; the
  // video's draft ({status, draft, asset_id, created_at}); the contact sheet last drawn of the
  // storyboard ({fingerprint, asset_id}), drawn again when the pictures change.
  await sql`
    alter table scenes
      add column storyboard_asset_id uuid references assets (id) on delete set null`.execute(db);
  await sql`
    alter table videos
      add column preview jsonb,
      add column storyboard_sheet jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
