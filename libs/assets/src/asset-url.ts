import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Asset URLs in video records are absolute and signed with an expiry, so a webhook receiver
 * can download them without an API key: /api/v1/assets/{id}/content?expires=…&signature=…
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

  url(assetId: string, now = Date.now()): string {
    // Expiry rounded up to the hour: the same asset gets the same URL within an hour, which caches well.
    const expires = Math.ceil((now / 1000 + this.ttlSeconds) / 3600) * 3600;
    return `${this.baseUrl}/api/v1/assets/${assetId}/content?expires=${expires}&signature=${this.sign(assetId, expires)}`;
  }

  verify(
    assetId: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): boolean {
    if (!expires || !signature || !/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    if (Number(expires) * 1000 < now) return false;
    const expected = Buffer.from(this.sign(assetId, Number(expires)), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }
}
