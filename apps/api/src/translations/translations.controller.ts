import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { VideoService, VideoTranslationService } from '@vidgen/videos';
import type { Request } from 'express';
import { AssetUrls } from '../assets/asset-urls';
import { ApiConcurrencyLimit, ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { claimedKey, Idempotent } from '../common/idempotency.interceptor';
import { ApiCreatedResponse, ApiTags } from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { VideoRecordDto } from '../videos/video-responses.dto';
import { toVideoResponse } from '../videos/videos.dto';
import { TranslateVideoDto, toTranslateInput } from './translations.dto';

@ApiTags('videos')
@Controller('videos')
export class TranslationsController {
  constructor(
    private readonly translations: VideoTranslationService,
    private readonly videos: VideoService,
    private readonly urls: AssetUrls,
  ) {}

  @Post(':id/translations')
  @RequireScope('videos:write')
  // The key covers the source video with the body: the same body for another video is another request.
  @Idempotent({ fingerprint: async (req) => ({ video: req.params.id, body: req.body }) })
  @ApiCreatedResponse({
    type: VideoRecordDto,
    description:
      "The translation: a new video (source_video_id names the source) with the source's scenes and pictures, queued for its script model to translate them; it is then made, charged and delivered as any video",
  })
  @ApiErrors(
    400,
    404,
    [409, 'INVALID_STATE: the video is not completed'],
    [
      422,
      'VALIDATION_ERROR: a field out of its limits or an unknown field; at ["body", "language"] the language the video is already in, or no language model configured to translate (the offline planner cannot); at ["body", "voice"] a voice that does not speak the language',
    ],
  )
  @ApiConcurrencyLimit(
    'MAX_CONCURRENT_VIDEOS (standard body) when 3 videos are in progress; or the rate limiter (simple body, Retry-After): the per-key limit per minute, or the daily video quota of the plan',
  )
  async translate(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: TranslateVideoDto,
    @Req() req: Request,
  ): Promise<VideoRecordDto> {
    const input = { ...toTranslateInput(dto), idempotency: claimedKey(req) };
    const video = await this.translations.translate(p.accountId, id, input);
    return toVideoResponse(video, this.urls.for, await this.videos.estimates([video]));
  }
}
