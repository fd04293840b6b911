import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AuthService } from '@vidgen/auth';
import { NotFoundError } from '@vidgen/core';
import { AssetService } from '@vidgen/videos';
import { AssetUrls } from './asset-urls';

export interface AssetFile {
  /** The file on this disk (local storage), served as a file; undefined when it is in a bucket. */
  path: string | undefined;
  mimeType: string;
  /** Its stored size, undefined when the bytes are gone. */
  size(): Promise<number | undefined>;
  /** Its bytes, or one inclusive range of them. */
  read(range?: { start: number; end: number }): Promise<Readable>;
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
    const found = asset;
    return {
      path: this.assets.localPath(found),
      mimeType: found.mimeType,
      size: () => this.assets.storedSize(found),
      read: (range) => this.assets.read(found, range),
    };
  }
}
