import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { AssetService } from '@vidgen/videos';
import type { Request, Response } from 'express';
import { ApiErrors, ApiRequestContent } from '../common/api-errors';
import { CurrentPrincipal, Public, RequireScope } from '../common/auth';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiSecurity,
  ApiTags,
  getSchemaPath,
} from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { AssetContentService } from './asset-content.service';
import { AssetCreateService } from './asset-create.service';
import { AssetPageDto, AssetRecordDto } from './asset-responses.dto';
import { sendAsset } from './asset-send';
import { AssetUrls } from './asset-urls';
import {
  ASSET_NAME_MAX,
  ImportAssetDto,
  ListAssetsQuery,
  toAssetListOptions,
  toAssetPageResponse,
  toAssetResponse,
  UpdateAssetDto,
} from './assets.dto';

const UPLOAD_SCHEMA = {
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: 'PNG, JPEG, WebP, MP3, WAV, M4A/AAC or Ogg; the type is read from the bytes',
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: ASSET_NAME_MAX,
      pattern: '^[^\\u0000]*$',
      description: 'Defaults to the file name',
    },
  },
};

/** What an asset's bytes can be: generated videos, audio, pictures and captions, and client uploads. */
const ASSET_MEDIA_TYPES = ['video/*', 'audio/*', 'image/*', 'text/vtt'];

@ApiTags('assets')
@ApiExtraModels(ImportAssetDto)
@Controller('assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetService,
    private readonly creator: AssetCreateService,
    private readonly files: AssetContentService,
    private readonly urls: AssetUrls,
  ) {}

  /** Upload (multipart/form-data with a `file` part) or import (JSON with `source_url`); docs/api.md#assets. */
  @Post()
  @HttpCode(201)
  @RequireScope('assets:write')
  @ApiRequestContent({
    'multipart/form-data': UPLOAD_SCHEMA,
    'application/json': { $ref: getSchemaPath(ImportAssetDto) },
  })
  @ApiCreatedResponse({ type: AssetRecordDto, description: 'Stored: an image or audio file of this account' })
  @ApiErrors(400, [
    422,
    'VALIDATION_ERROR at ["body", "file"] or ["body", "source_url"]: not a PNG, JPEG, WebP, MP3, WAV, M4A/AAC, Ogg, MP4, WebM or MOV file that decodes, larger than ASSET_UPLOAD_MAX_BYTES, a clip over ASSET_VIDEO_MAX_SECONDS or 4096 px a side, or a URL that cannot be fetched',
  ])
  async create(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<AssetRecordDto> {
    return toAssetResponse(await this.creator.create(p.accountId, req), this.urls.for);
  }

  @Patch(':id')
  @RequireScope('assets:write')
  @ApiOkResponse({ type: AssetRecordDto })
  @ApiErrors(400, 404, 422)
  async update(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() body: UpdateAssetDto,
  ): Promise<AssetRecordDto> {
    return toAssetResponse(await this.assets.rename(p.accountId, id, body.name), this.urls.for);
  }

  @Get()
  @RequireScope('assets:read')
  @ApiOkResponse({ type: AssetPageDto, description: 'Newest first' })
  @ApiErrors(422)
  async list(@CurrentPrincipal() p: Principal, @Query() q: ListAssetsQuery): Promise<AssetPageDto> {
    return toAssetPageResponse(await this.assets.list(p.accountId, toAssetListOptions(q)), this.urls.for);
  }

  @Get(':id')
  @RequireScope('assets:read')
  @ApiOkResponse({ type: AssetRecordDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<AssetRecordDto> {
    return toAssetResponse(await this.assets.get(p.accountId, id), this.urls.for);
  }

  /** The file itself, with HTTP Range support; see AssetContentService for who may read it. */
  @Get(':id/content')
  @Public()
  @ApiSecurity('ApiKey')
  @ApiSecurity({})
  @ApiQuery({
    name: 'expires',
    required: false,
    description:
      'From a signed URL: Unix time after which it stops working (without a valid signature, the key decides)',
    schema: { type: 'string' },
  })
  @ApiQuery({
    name: 'signature',
    required: false,
    description: 'From a signed URL',
    schema: { type: 'string' },
  })
  @ApiOkResponse({
    description:
      'The asset bytes, with its own Content-Type (video/mp4, image/png, …); Range requests get 206',
    content: Object.fromEntries(
      ASSET_MEDIA_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  })
  @ApiErrors(
    [401, 'UNAUTHORIZED or INVALID_TOKEN: no valid signature and no valid key'],
    [403, 'FORBIDDEN: the key lacks assets:read'],
    404,
  )
  async content(
    @Param('id', UuidPipe) id: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendAsset(
      req,
      res,
      await this.files.find(id, { expires, signature, apiKey: req.header('x-api-key') }),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('assets:write')
  @ApiNoContentResponse({ description: 'Deleted with its file' })
  @ApiErrors(404, [409, 'INVALID_STATE: its video is being processed, or an in-progress video uses it'])
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.assets.delete(p.accountId, id);
  }
}
