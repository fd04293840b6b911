import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { toEventRecord, VideoService } from '@vidgen/videos';
import type { Request, Response } from 'express';
import { ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { ApiExtraModels, ApiOkResponse, ApiTags } from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { VideoEventStreams, wantsEventStream } from './video-event-stream';
import { VideoEventDto } from './video-responses.dto';

const STREAM = [
  "With `Accept: text/event-stream`, Server-Sent Events: the events of the log after `Last-Event-ID` (all of them without it), then each new one as it is logged, named by its `type` (`stage_started`, `scene_image_generated`, `scene_narrated`, `awaiting_approval`, `completed`, `failed`, `deleted`, …; its data is the event as in the list, and an event whose `status` is not null changed the video's status), and `progress` (data: the status, `stage`, `percent`, `eta_seconds`) at least every 2 s while the video runs.",
  'Every message has an `id:`, larger than the one before; send the last one seen as `Last-Event-ID` to resume without losing or repeating an event of the log.',
  'The server closes the stream after the terminal event: `completed`, `failed` (unless retried since) or `deleted`. A comment line keeps a quiet stream open through proxies.',
].join(' ');

@ApiTags('videos')
@Controller('videos')
export class VideoEventsController {
  constructor(
    private readonly videos: VideoService,
    private readonly streams: VideoEventStreams,
  ) {}

  @Get(':id/events')
  @RequireScope('videos:read')
  @ApiExtraModels(VideoEventDto)
  @ApiOkResponse({
    description: `The append-only event log, oldest first (JSON). ${STREAM}`,
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
}
