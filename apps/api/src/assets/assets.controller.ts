import { Controller, Delete, Get, HttpCode, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vidgen/auth';
import { NotFoundError } from '@vidgen/core';
import { AssetService } from '@vidgen/videos';
import type { Request, Response } from 'express';
import { CurrentPrincipal, Public, RequireScope } from '../common/auth';
import { UuidPipe } from '../common/uuid.pipe';
import { AssetContentService, type AssetFile } from './asset-content.service';
import { AssetUrls } from './asset-urls';
import { ListAssetsQuery, toAssetListOptions, toAssetPageResponse, toAssetResponse } from './assets.dto';

@ApiTags('assets')
@Controller('assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetService,
    private readonly files: AssetContentService,
    private readonly urls: AssetUrls,
  ) {}

  @Get()
  @RequireScope('assets:read')
  async list(@CurrentPrincipal() p: Principal, @Query() q: ListAssetsQuery) {
    return toAssetPageResponse(await this.assets.list(p.accountId, toAssetListOptions(q)), this.urls.for);
  }

  @Get(':id')
  @RequireScope('assets:read')
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return toAssetResponse(await this.assets.get(p.accountId, id), this.urls.for);
  }

  /** The file itself, with HTTP Range support; see AssetContentService for who may read it. */
  @Get(':id/content')
  @Public()
  @ApiQuery({ name: 'expires', required: false })
  @ApiQuery({ name: 'signature', required: false })
  @ApiOkResponse({ description: 'The asset bytes (206 for a Range request)' })
  async content(
    @Param('id', UuidPipe) id: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendAsset(res, await this.files.find(id, { expires, signature, apiKey: req.header('x-api-key') }));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('assets:write')
  @ApiNoContentResponse()
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.assets.delete(p.accountId, id);
  }
}

function sendAsset(res: Response, file: AssetFile): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    res.sendFile(
      file.path,
      {
        headers: { 'Content-Type': file.mimeType, 'Cache-Control': 'private, max-age=3600' },
        acceptRanges: true,
        dotfiles: 'allow',
      },
      (err) => (err && !res.headersSent ? reject(new NotFoundError('Asset')) : resolve()),
    );
  });
}
