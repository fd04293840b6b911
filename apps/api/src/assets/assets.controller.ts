import { Controller, Delete, Get, HttpCode, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthService, type Principal } from '@vidgen/auth';
import { NotFoundError } from '@vidgen/core';
import { AssetService } from '@vidgen/videos';
import type { Request, Response } from 'express';
import { CurrentPrincipal, Public, RequireScope } from '../common/auth';
import { UuidPipe } from '../common/uuid.pipe';
import { AssetUrls } from './asset-urls';
import { ListAssetsQuery, toAssetListOptions, toAssetPageResponse, toAssetResponse } from './assets.dto';

@ApiTags('assets')
@Controller('assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetService,
    private readonly urls: AssetUrls,
    private readonly auth: AuthService,
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

  /**
   * The file itself, with HTTP Range support. Reachable with the signed URL from a record
   * (no key: webhook receivers can download) or with an X-Api-Key holding assets:read.
   */
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
    const signed = this.urls.verify(id, expires, signature);
    let asset = signed ? await this.assets.findForSignedUrl(id) : undefined;
    // A valid signature for an asset that is gone (its video was deleted) is a 404, not a demand for a key.
    if (!asset && signed) throw new NotFoundError('Asset');
    if (!asset) {
      const principal = await this.auth.authenticate(req.header('x-api-key'));
      this.auth.authorize(principal, 'assets:read');
      asset = await this.assets.get(principal.accountId, id);
    }
    if (!asset) throw new NotFoundError('Asset');
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        this.assets.absolutePath(asset),
        {
          headers: { 'Content-Type': asset.mimeType, 'Cache-Control': 'private, max-age=3600' },
          acceptRanges: true,
          dotfiles: 'allow',
        },
        (err) => (err && !res.headersSent ? reject(new NotFoundError('Asset')) : resolve()),
      );
    });
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('assets:write')
  @ApiNoContentResponse()
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.assets.delete(p.accountId, id);
  }
}
