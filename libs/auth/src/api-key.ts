import { hash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'vg_';
const KEY_PATTERN = /^vg_[A-Za-z0-9_-]{43}$/;

/**
 * Keys are 32 random bytes, base64url, behind a `vg_` prefix so secret scanners can spot
 * them. Only a SHA-256 of the key is stored: the key has 256 bits of entropy, so a slow
 * password hash would add latency to every request without adding safety.
 */
export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 10) };
}

export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
