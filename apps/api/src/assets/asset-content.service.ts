import { Injectable } from '@nestjs/common';
import { AuthService } from '@vidgen/auth';
import { NotFoundError } from '@vidgen/core';
import { AssetService } from '@vidgen/videos';
import { AssetUrls } from './asset-urls';

export interface AssetFile {
  path: string;
  mimeType: string;
}

export interface AssetAccess {
  expires?: string;
  signature?: string;
  apiKey?: string;
}

/**
 * Who may download an asset's bytes: the holder of the signed URL from a record (no key, so
 * webhook receivers can download) or a caller whose X-Api-Key holds assets:read.
 */
@Injectable()
export class AssetContentService {
  constructor(
    private readonly assets: AssetService,
    private readonly urls: AssetUrls,
    private readonly auth: AuthService,
  ) {}

  async find(id: string, access: AssetAccess): Promise<AssetFile> {
    const signed = this.urls.verify(id, access.expires, access.signature);
    let asset = signed ? await this.assets.findForSignedUrl(id) : undefined;
    // A valid signature for an asset that is gone (its video was deleted) is a 404, not a demand for a key.
    if (!asset && signed) throw new NotFoundError('Asset');
    if (!asset) {
      const principal = await this.auth.authenticate(access.apiKey);
      this.auth.authorize(principal, 'assets:read');
      asset = await this.assets.get(principal.accountId, id);
    }
    return { path: this.assets.absolutePath(asset), mimeType: asset.mimeType };
  }
}
