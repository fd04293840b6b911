import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vidgen/auth';
import { ValidationError } from '@vidgen/core';
import { VIDEO_LIMITS } from '@vidgen/videos';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { Idempotent } from '../common/idempotency.interceptor';
import { UuidPipe } from '../common/uuid.pipe';
import { VideoPresenter } from './video.presenter';
import { AddSceneDto, CreateVideoDto, ListVideosQuery, RegenerateDto, UpdateSceneDto } from './videos.dto';

@ApiTags('videos')
@Controller('videos')
export class VideosController {
  constructor(private readonly videos: VideoPresenter) {}

  @Post()
  @RequireScope('videos:write')
  @Idempotent()
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Replays the first result for 24 h' })
  @ApiCreatedResponse({ description: 'The video, queued for scripting' })
  create(@CurrentPrincipal() p: Principal, @Body() dto: CreateVideoDto) {
    return this.videos.create(p.accountId, {
      prompt: dto.prompt,
      sceneCount: dto.scene_count ?? VIDEO_LIMITS.sceneCountDefault,
      options: {
        aspect_ratio: dto.aspect_ratio ?? '16:9',
        voice: dto.voice ?? null,
        auto_approve: dto.auto_approve ?? false,
      },
      faults: dto.faults,
    });
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ description: '{ data: [video], next_cursor }, newest first' })
  list(@CurrentPrincipal() p: Principal, @Query() q: ListVideosQuery) {
    return this.videos.list(p.accountId, { limit: q.limit ?? 20, cursor: q.cursor, status: q.status });
  }

  @Get(':id')
  @RequireScope('videos:read')
  get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return this.videos.get(p.accountId, id);
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
  approve(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return this.videos.approve(p.accountId, id);
  }

  @Post(':id/regenerate')
  @HttpCode(200)
  @RequireScope('videos:write')
  regenerate(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: RegenerateDto,
  ) {
    return this.videos.regenerate(p.accountId, id, dto.feedback);
  }

  @Get(':id/events')
  @RequireScope('videos:read')
  events(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return this.videos.events(p.accountId, id);
  }

  @Get(':id/scenes')
  @RequireScope('videos:read')
  scenes(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string) {
    return this.videos.scenes(p.accountId, id);
  }

  @Post(':id/scenes')
  @RequireScope('videos:write')
  addScene(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string, @Body() dto: AddSceneDto) {
    return this.videos.editScene(p.accountId, id, { op: 'add', ...dto });
  }

  @Patch(':id/scenes/:sceneId')
  @RequireScope('videos:write')
  updateScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Param('sceneId', UuidPipe) sceneId: string,
    @Body() dto: UpdateSceneDto,
  ) {
    if (dto.visual_description === undefined && dto.narration === undefined) {
      throw new ValidationError([{ loc: ['body'], msg: 'give visual_description, narration or both' }]);
    }
    return this.videos.editScene(p.accountId, id, { op: 'update', sceneId, ...dto });
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
}
