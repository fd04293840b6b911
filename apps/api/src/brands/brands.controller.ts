import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { BrandService } from '@vidgen/videos';
import type { Response } from 'express';
import { ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { BrandPreviewService } from './brand-preview.service';
import { BrandListDto, BrandRecordDto } from './brand-responses.dto';
import { BrandPreviewQuery, CreateBrandDto, toBrandInput, toBrandPatch, UpdateBrandDto } from './brands.dto';

@ApiTags('brands')
@Controller('brands')
export class BrandsController {
  constructor(
    private readonly brands: BrandService,
    private readonly previews: BrandPreviewService,
  ) {}

  @Post()
  @RequireScope('videos:write')
  @ApiCreatedResponse({ type: BrandRecordDto })
  @ApiErrors(400, [
    422,
    'VALIDATION_ERROR: a colour that is not #rrggbb, a logo that is not an image of this account, a size out of range, an unknown font',
  ])
  async create(@CurrentPrincipal() p: Principal, @Body() dto: CreateBrandDto): Promise<BrandRecordDto> {
    return BrandRecordDto.from(await this.brands.create(p.accountId, toBrandInput(dto)));
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ type: BrandListDto, description: 'The account’s brands, oldest first' })
  async list(@CurrentPrincipal() p: Principal): Promise<BrandListDto> {
    return { data: (await this.brands.list(p.accountId)).map(BrandRecordDto.from) };
  }

  @Get(':id')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: BrandRecordDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<BrandRecordDto> {
    return BrandRecordDto.from(await this.brands.get(p.accountId, id));
  }

  @Patch(':id')
  @RequireScope('videos:write')
  @ApiOkResponse({ type: BrandRecordDto, description: 'Videos already made keep the brand as it was' })
  @ApiErrors(400, 404, 422)
  async update(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: UpdateBrandDto,
  ): Promise<BrandRecordDto> {
    return BrandRecordDto.from(await this.brands.update(p.accountId, id, toBrandPatch(dto)));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('videos:write')
  @ApiNoContentResponse({ description: 'Deleted; videos already made keep the brand as it was' })
  @ApiErrors(404, [409, 'INVALID_STATE: a video in progress uses this brand'])
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.brands.delete(p.accountId, id);
  }

  @Get(':id/preview.png')
  @RequireScope('videos:read')
  @ApiOkResponse({
    description: 'A frame as a video with this brand shows it: the logo, a caption, the palette',
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors(404, 422)
  async preview(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Query() q: BrandPreviewQuery,
    @Res() res: Response,
  ): Promise<void> {
    const png = await this.previews.draw(p.accountId, id, q.aspect_ratio);
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Cache-Control', 'private, no-cache');
    res.end(png);
  }
}
