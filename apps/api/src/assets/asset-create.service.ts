import { Inject, Injectable } from '@nestjs/common';
import type { Asset } from '@vidgen/assets';
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
 */
@Injectable()
export class AssetCreateService {
  private readonly validation = new ApiValidationPipe();

  constructor(
    private readonly assets: AssetService,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async create(accountId: string, req: Request): Promise<Asset> {
    if (isMultipart(req)) {
      return this.assets.upload(accountId, await readAssetForm(req, this.config.assets.uploadMaxBytes));
    }
    const body = (await this.validation.transform(req.body, {
      type: 'body',
      metatype: ImportAssetDto,
    })) as ImportAssetDto;
    return this.assets.importFrom(accountId, { sourceUrl: body.source_url, name: body.name });
  }
}
