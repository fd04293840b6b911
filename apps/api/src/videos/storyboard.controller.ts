import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { type Storyboard, StoryboardService, VideoService } from '@vidgen/videos';
import { AssetUrls } from '../assets/asset-urls';
import { ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { ApiOkResponse, ApiResponse, ApiTags } from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { StoryboardDto } from './storyboard.dto';
import { VideoRecordDto } from './video-responses.dto';
import { toVideoResponse } from './videos.dto';

const AT_GATE_409: [409, string] = [
  409,
  'INVALID_STATE: the video is not awaiting approval (e.g. completed)',
];

/** The review gate's storyboard and draft (docs/api.md#storyboard-and-draft). */
@ApiTags('videos')
@Controller('videos')
export class StoryboardController {
  constructor(
    private readonly storyboards: StoryboardService,
    private readonly videos: VideoService,
    private readonly urls: AssetUrls,
  ) {}

  @Get(':id/storyboard')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: StoryboardDto, description: 'Every scene with its picture, made or not yet' })
  @ApiErrors(404)
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<StoryboardDto> {
    return this.board(await this.storyboards.storyboard(p.accountId, id));
  }

  @Post(':id/storyboard')
  @HttpCode(200)
  @RequireScope('videos:write')
  @ApiOkResponse({
    type: StoryboardDto,
    description:
      'The pictures that were missing, made now; from a model or stock their image credits are charged now, and the render uses them without charging again',
  })
  @ApiErrors([402, 'INSUFFICIENT_CREDITS: the paid pictures cost more than the balance'], 404, AT_GATE_409)
  async make(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<StoryboardDto> {
    return this.board(await this.storyboards.makeStoryboard(p.accountId, id));
  }

  @Post(':id/preview')
  @HttpCode(202)
  @RequireScope('videos:write')
  @ApiResponse({
    status: 202,
    type: VideoRecordDto,
    description:
      'A draft (360p, 15 fps, marked PREVIEW) is rendering, or was already: `preview` shows it. Its narration is charged now and reused by the final video; the draft itself is free',
  })
  @ApiErrors(
    [402, 'INSUFFICIENT_CREDITS: the narration (or paid pictures) cost more than the balance'],
    404,
    AT_GATE_409,
  )
  async preview(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
  ): Promise<VideoRecordDto> {
    const video = await this.storyboards.preview(p.accountId, id);
    return toVideoResponse(video, this.urls.for, await this.videos.estimates([video]));
  }

  private board(b: Storyboard): StoryboardDto {
    return {
      sheet_url: this.urls.for(b.sheetAssetId),
      scenes: b.scenes.map((s) => ({
        scene_id: s.sceneId,
        position: s.position,
        narration: s.narration,
        image_url: this.urls.for(s.imageAssetId),
        estimated_seconds: s.estimatedSeconds,
      })),
    };
  }
}
