import { type Kysely, sql } from 'kysely';

/** The channel on which a change to a key (revoked, expiry moved, deleted) is announced. */
export const API_KEY_CHANGES_CHANNEL = 'vidgen_api_key_changes';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Api instances cache keys for a moment (libs/auth ApiKeyCache); whoever changes a key — the
  // api, the CLI, plain SQL — makes every instance drop it when the change commits.
  await sql`
    create function notify_api_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(API_KEY_CHANGES_CHANNEL)}, coalesce(new.id, old.id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger api_keys_changed
      after update of revoked_at, expires_at, scopes, account_id, key_hash or delete on api_keys
      for each row execute function notify_api_key_change()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
