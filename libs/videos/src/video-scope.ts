import { sql } from '@vidgen/db';

/**
 * The video belongs to the account. Scenes and events carry no account column, so every query
 * on them names the account too and the video row answers for it: another account's video id
 * finds nothing.
 */
export function ownedVideo(accountId: string, videoId: string) {
  return sql<boolean>`exists (select 1 from videos where videos.id = ${videoId} and videos.account_id = ${accountId})`;
}
