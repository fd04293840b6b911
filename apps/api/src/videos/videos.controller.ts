import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vidgen/auth';
import type { Page } from '@vidgen/core';
import { toEventRecord, toSceneRecord, type Video, VideoService } from '@vidgen/videos';
import { AssetUrls } from '../assets/asset-urls';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { Idempotent } from '../common/idempotency.interceptor';
import { UuidPipe } from '../common/uuid.pipe';
import {
  AddSceneDto,
  CreateVideoDto,
  ListVideosQuery,
  RegenerateDto,
  toCreateVideoInput,
  toSceneAddition,
  toSceneResponse,
  toSceneUpdate,
  toVideoPageResponse,
  toVideoResponse,
  UpdateSceneDto,
} from './videos.dto';

@ApiTags('videos')
@Controller('videos')
export class VideosController {
  constructor(
    private readonly videos: VideoService,
    private readonly urls: AssetUrls,
  ) {}

  @Post()
  @RequireScope('videos:write')
  @Idempotent()
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Replays the first result for 24 h' })
  @ApiCreatedResponse({ description: 'The video, queued for scripting' })
  async create(@CurrentPrincipal() p: Principal, @Body() dto: CreateVideoDto) {
    return this.video(await this.videos.create(p.accountId, toCreateVideoInput(dto)));
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ description: '{ data: [video], next_cursor }, newest first' })
  async list(@CurrentPrincipal() p: Principal, @Query() q: ListVideosQuery) {
    return this.page(await this.videos.list(p.accountId, q));
  }

  @Get(':id')
  @RequireScope('videos:read')
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return this.video(await this.videos.get(p.accountId, id));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('videos:write')
  @ApiNoContentResponse()
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.videos.delete(p.accountId, id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequireScope('videos:write')
  async approve(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return this.video(await this.videos.approve(p.accountId, id));
  }

  @Post(':id/regenerate')
  @HttpCode(200)
  @RequireScope('videos:write')
  async regenerate(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: RegenerateDto,
  ) {
    return this.video(await this.videos.regenerate(p.accountId, id, dto.feedback));
  }

  @Get(':id/events')
  @RequireScope('videos:read')
  async events(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return (await this.videos.events(p.accountId, id)).map(toEventRecord);
  }

  @Get(':id/scenes')
  @RequireScope('videos:read')
  async scenes(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return (await this.videos.scenes(p.accountId, id)).map((s) => toSceneRecord(s, this.urls.for));
  }

  @Post(':id/scenes')
  @RequireScope('videos:write')
  async addScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: AddSceneDto,
  ) {
    return toSceneResponse(await this.videos.editScene(p.accountId, id, toSceneAddition(dto)), this.urls.for);
  }

  @Patch(':id/scenes/:sceneId')
  @RequireScope('videos:write')
  async updateScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Param('sceneId', UuidPipe) sceneId: string,
    @Body() dto: UpdateSceneDto,
  ) {
    return toSceneResponse(
      await this.videos.editScene(p.accountId, id, toSceneUpdate(sceneId, dto)),
      this.urls.for,
    );
  }

  @Delete(':id/scenes/:sceneId')
  @HttpCode(204)
  @RequireScope('videos:write')
  async deleteScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Param('sceneId', UuidPipe) sceneId: string,
  ): Promise<void> {
    await this.videos.editScene(p.accountId, id, { op: 'delete', sceneId });
  }

  // A video record shows what approving it would cost, which takes one more query per page.
  private async video(video: Video) {
    return toVideoResponse(video, this.urls.for, await this.videos.estimates([video]));
  }

  private async page(page: Page<Video>) {
    return toVideoPageResponse(page, this.urls.for, await this.videos.estimates(page.items));
  }
}
