import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What a picture shows (English names; [] for a backdrop alone, null when unknown: the client's
  // own files) and the third-party works in it ([{title, author, license, source_url}]).
  await sql`alter table assets add column depicts jsonb`.execute(db);
  await sql`alter table assets add column attribution jsonb not null default '[]'::jsonb`.execute(db);
  // Pictures drawn before this showed nothing in particular.
  await sql`update assets set depicts = '[]'::jsonb where type = 'image' and source = 'generated'`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
