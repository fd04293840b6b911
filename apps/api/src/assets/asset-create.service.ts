import { Inject, Injectable } from '@nestjs/common';
import { type Asset, type VerificationSlot, VerificationSlots } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import { AssetService } from '@vidgen/videos';
import type { Request } from 'express';
import { ApiValidationPipe } from '../common/validation.pipe';
import { CONFIG } from '../infra/infra.tokens';
import { isMultipart, readAssetForm } from './asset-form';
import { ImportAssetDto } from './assets.dto';

/**
 * POST /assets takes two bodies, which no single DTO can describe: a multipart upload (read as
 * a stream, never parsed whole) or a JSON import request, validated here with the global pipe's
 * rules because the route cannot declare a @Body() type for it.
 *
 * Either takes a verification slot first (docs/decisions/0051-verification-shares.md): a request
 * the account's share, the server's queue or its staging space cannot take is refused with 429
 * before a byte of its file is read or downloaded.
 */
@Injectable()
export class AssetCreateService {
  private readonly validation = new ApiValidationPipe();

  constructor(
    private readonly assets: AssetService,
    private readonly slots: VerificationSlots,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async create(accountId: string, req: Request): Promise<Asset> {
    const maxBytes = this.config.assets.uploadMaxBytes;
    if (isMultipart(req)) {
      // The file is no longer than the body, so a declared body reserves no more than it needs.
      const declared = Number(req.header('content-length'));
      const slot = this.admit(
        accountId,
        Number.isFinite(declared) ? Math.min(declared, maxBytes) : maxBytes,
        req,
      );
      try {
        return await this.assets.upload(accountId, await readAssetForm(req, maxBytes), slot);
      } finally {
        slot.release();
      }
    }
    const body = (await this.validation.transform(req.body, {
      type: 'body',
      metatype: ImportAssetDto,
    })) as ImportAssetDto;
    // The download's size is known only once it answers: an import reserves the whole limit.
    const slot = this.admit(accountId, maxBytes);
    try {
      return await this.assets.importFrom(accountId, { sourceUrl: body.source_url, name: body.name }, slot);
    } finally {
      slot.release();
    }
  }

  /**
   * A refused upload's body is left unread; Node discards the rest of it once the 429 is sent,
   * keeping the connection. A body longer than any upload may be is not worth reading: the
   * connection closes after the answer instead.
   */
  private admit(accountId: string, reserveBytes: number, upload?: Request): VerificationSlot {
    try {
      return this.slots.admit(accountId, reserveBytes);
    } catch (err) {
      const declared = Number(upload?.header('content-length'));
      if (upload && !(declared <= this.config.assets.uploadMaxBytes + 64 * 1024))
        upload.res?.setHeader('Connection', 'close');
      throw err;
    }
  }
}
