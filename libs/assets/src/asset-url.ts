import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';

const MAX_SIGNED_KEPT = 50_000;

/**
 * Asset URLs in video records are absolute and signed with an expiry, so a webhook receiver
 * can download them without an API key: /api/v1/assets/{id}/content?expires=…&signature=…
 * A URL is only ever made from an asset id its caller owns (`url`); nothing here reads links
 * out of text, since text may hold what a client wrote.
 */
export class AssetUrlSigner {
  constructor(
    private readonly secret: string,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
  ) {}

  private sign(assetId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${assetId}.${expires}`).digest('hex');
  }

  /** The URLs of the current expiry hour, by asset id: a page of 20 videos signs 80 of them. */
  private readonly signed = new Map<string, string>();
  private signedExpires = 0;

  url(assetId: string, now = Date.now()): string {
    // Expiry rounded up to the hour: the same asset gets the same URL within an hour, which caches
    // well, for clients and here (an HMAC per URL was a measurable part of a list request).
    const expires = Math.ceil((now / 1000 + this.ttlSeconds) / 3600) * 3600;
    if (expires !== this.signedExpires || this.signed.size >= MAX_SIGNED_KEPT) {
      this.signed.clear();
      this.signedExpires = expires;
    }
    let url = this.signed.get(assetId);
    if (!url) {
      url = `${this.baseUrl}/api/v1/assets/${assetId}/content?expires=${expires}&signature=${this.sign(assetId, expires)}`;
      this.signed.set(assetId, url);
    }
    return url;
  }

  /**
   * Whether `signature` was made by this key for this asset id and this expiry, and the expiry
   * has not passed. The HMAC covers the asset id, so a link opens only the asset it names.
   */
  verify(
    assetId: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): boolean {
    // One spelling per expiry (no leading zeros, no huge numbers), a full-length lowercase digest.
    if (!expires || !signature || !/^[1-9]\d{0,11}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) {
      return false;
    }
    if (Number(expires) * 1000 < now) return false;
    const expected = Buffer.from(this.sign(assetId, Number(expires)), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }
}

/**
 * The signer every process uses (api records, webhook payloads), so URLs are signed alike:
 * the key is ASSET_URL_SECRET when set, else the one the migrations generated in `settings`.
 */
export async function loadAssetUrlSigner(
  db: Db,
  config: Pick<AppConfig, 'assets' | 'publicBaseUrl'>,
): Promise<AssetUrlSigner> {
  let secret = config.assets.urlSecret;
  if (!secret) {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'asset_url_secret')
      .executeTakeFirst();
    secret = row?.value;
  }
  if (!secret) throw new Error('No asset URL signing key: run the migrations or set ASSET_URL_SECRET');
  return new AssetUrlSigner(secret, config.publicBaseUrl, config.assets.urlTtlSeconds);
}
