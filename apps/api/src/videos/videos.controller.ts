import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import type { Page } from '@vidgen/core';
import { toEventRecord, toSceneRecord, type Video, VideoProgressService, VideoService } from '@vidgen/videos';
import type { Request, Response } from 'express';
import { AssetUrls } from '../assets/asset-urls';
import { ApiConcurrencyLimit, ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { claimedKey, Idempotent } from '../common/idempotency.interceptor';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { FromTemplate } from '../templates/template-expansion.interceptor';
import { CreateVideoDto, toCreateVideoInput } from './create-video.dto';
import { AddSceneDto, toSceneAddition, toSceneUpdate, UpdateSceneDto } from './scene-edits.dto';
import { ScenesEditableGuard } from './scenes-editable.guard';
import { EVENT_STREAM, VideoEventStreams, wantsEventStream } from './video-event-stream';
import {
  SceneRecordDto,
  TranscriptDto,
  VideoEventDto,
  VideoPageDto,
  VideoRecordDto,
} from './video-responses.dto';
import {
  ListVideosQuery,
  RegenerateDto,
  toSceneResponse,
  toVideoPageResponse,
  toVideoResponse,
} from './videos.dto';

const STATE_409 = (what: string): [409, string] => [409, `INVALID_STATE: ${what}`];
const LIMIT_429 =
  'MAX_CONCURRENT_VIDEOS (standard body) when 3 videos are in progress; or the rate limiter (simple body, Retry-After): the per-key limit per minute';

@ApiTags('videos')
@Controller('videos')
export class VideosController {
  constructor(
    private readonly videos: VideoService,
    private readonly urls: AssetUrls,
    private readonly progress: VideoProgressService,
    private readonly streams: VideoEventStreams,
  ) {}

  @Post()
  @RequireScope('videos:write')
  // Inside the Idempotency-Key check, which compares the body as sent (decorators apply bottom-up).
  @FromTemplate()
  @Idempotent()
  @ApiCreatedResponse({ type: VideoRecordDto, description: 'The video, queued for scripting' })
  @ApiErrors(400, [
    422,
    'VALIDATION_ERROR: a field out of its limits, an unknown field, a voice or asset that is not this account\'s; with template_id, one detail per missing or unknown variable at ["body", "variables", name], or a template_id that is not a template of this account',
  ])
  @ApiConcurrencyLimit(`${LIMIT_429}, or the daily video quota of the plan`)
  async create(
    @CurrentPrincipal() p: Principal,
    @Body() dto: CreateVideoDto,
    @Req() req: Request,
  ): Promise<VideoRecordDto> {
    const input = { ...toCreateVideoInput(dto), idempotency: claimedKey(req) };
    const { video, created } = await this.videos.create(p.accountId, input);
    return this.video(video, created);
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ type: VideoPageDto, description: 'Newest first' })
  @ApiErrors(422)
  async list(@CurrentPrincipal() p: Principal, @Query() q: ListVideosQuery): Promise<VideoPageDto> {
    return this.page(await this.videos.list(p.accountId, q));
  }

  @Get(':id')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: VideoRecordDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<VideoRecordDto> {
    return this.video(await this.videos.get(p.accountId, id));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('videos:write')
  @ApiNoContentResponse({
    description: 'Deleted: its workflow ends, its files are removed, its ledger events stay',
  })
  @ApiErrors(404, STATE_409('the video is being processed (also queued)'))
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.videos.delete(p.accountId, id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequireScope('videos:write')
  @ApiOkResponse({
    type: VideoRecordDto,
    description: 'Production started (or, for a failed video, resumed)',
  })
  @ApiErrors(
    [402, 'INSUFFICIENT_CREDITS: the message states the required and the available credits'],
    404,
    STATE_409('completed, a stage running, or failed without scenes (call regenerate first)'),
  )
  @ApiConcurrencyLimit(`${LIMIT_429} (retrying a failed video puts it in progress again)`)
  async approve(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
  ): Promise<VideoRecordDto> {
    return this.video(await this.videos.approve(p.accountId, id));
  }

  @Post(':id/regenerate')
  @HttpCode(200)
  @RequireScope('videos:write')
  @ApiOkResponse({
    type: VideoRecordDto,
    description: 'Scripting runs again with the feedback; ends at the gate',
  })
  @ApiErrors(400, 404, STATE_409('completed or a stage running'), 422)
  @ApiConcurrencyLimit(`${LIMIT_429} (regenerating a failed video puts it in progress again)`)
  async regenerate(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: RegenerateDto,
  ): Promise<VideoRecordDto> {
    return this.video(await this.videos.regenerate(p.accountId, id, dto.feedback));
  }

  @Get(':id/events')
  @RequireScope('videos:read')
  @ApiExtraModels(VideoEventDto)
  @ApiOkResponse({
    description: `The append-only event log, oldest first (JSON). ${EVENT_STREAM}`,
    content: {
      'application/json': {
        schema: { type: 'array', items: { $ref: '#/components/schemas/VideoEventDto' } },
      },
      'text/event-stream': {
        schema: { type: 'string', example: 'id: 70000\nevent: stage_started\ndata: {"seq":7,…}\n\n' },
      },
    },
  })
  @ApiErrors(404)
  async events(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if (!wantsEventStream(req)) {
      res.status(200).json((await this.videos.events(p.accountId, id)).map(toEventRecord));
      return;
    }
    // An unknown (or deleted) video is 404 before the stream begins, as GET /videos/{id} answers.
    await this.videos.get(p.accountId, id);
    await this.streams.serve(p.accountId, id, req, res);
  }

  @Get(':id/transcript')
  @RequireScope('videos:read')
  @ApiOkResponse({
    type: TranscriptDto,
    description:
      'Every narration word and when it is spoken, in seconds from the start of the video: the timings the captions use',
  })
  @ApiErrors(404, STATE_409('the video is not completed'))
  async transcript(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
  ): Promise<TranscriptDto> {
    return this.videos.transcript(p.accountId, id);
  }

  @Get(':id/scenes')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: [SceneRecordDto], description: 'In order of position' })
  @ApiErrors(404)
  async scenes(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
  ): Promise<SceneRecordDto[]> {
    return (await this.videos.scenes(p.accountId, id)).map((s) => toSceneRecord(s, this.urls.for));
  }

  @Post(':id/scenes')
  @UseGuards(ScenesEditableGuard)
  @RequireScope('videos:write')
  @ApiCreatedResponse({ type: SceneRecordDto })
  @ApiErrors(400, 404, STATE_409('the video is not awaiting approval'), 422)
  async addScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: AddSceneDto,
  ): Promise<SceneRecordDto | undefined> {
    return toSceneResponse(await this.videos.editScene(p.accountId, id, toSceneAddition(dto)), this.urls.for);
  }

  @Patch(':id/scenes/:sceneId')
  @UseGuards(ScenesEditableGuard)
  @RequireScope('videos:write')
  @ApiOkResponse({ type: SceneRecordDto })
  @ApiErrors(400, 404, STATE_409('the video is not awaiting approval'), 422)
  async updateScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Param('sceneId', UuidPipe) sceneId: string,
    @Body() dto: UpdateSceneDto,
  ): Promise<SceneRecordDto | undefined> {
    return toSceneResponse(
      await this.videos.editScene(p.accountId, id, toSceneUpdate(sceneId, dto)),
      this.urls.for,
    );
  }

  @Delete(':id/scenes/:sceneId')
  @UseGuards(ScenesEditableGuard)
  @HttpCode(204)
  @RequireScope('videos:write')
  @ApiNoContentResponse({ description: 'Removed; the scenes after it move up' })
  @ApiErrors(404, STATE_409('the video is not awaiting approval'), 422)
  async deleteScene(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Param('sceneId', UuidPipe) sceneId: string,
  ): Promise<void> {
    await this.videos.editScene(p.accountId, id, { op: 'delete', sceneId });
  }

  // A video record shows what approving it would cost and how far its run is: a query each per
  // page, the second only when a video of it runs and was not just created by this request.
  private async video(video: Video, created = false) {
    const [estimates, progress] = await Promise.all([
      this.videos.estimates([video]),
      created ? this.progress.created([video]) : this.progress.of([video]),
    ]);
    return toVideoResponse(video, this.urls.for, estimates, progress);
  }

  private async page(page: Page<Video>) {
    const [estimates, progress] = await Promise.all([
      this.videos.estimates(page.items),
      this.progress.of(page.items),
    ]);
    return toVideoPageResponse(page, this.urls.for, estimates, progress);
  }
}
