import { Controller, Get, Query } from '@nestjs/common';
import { VoiceCatalogue } from '@vidgen/media';
import { ApiErrors } from '../common/api-errors';
import { RequireScope } from '../common/auth';
import { ApiOkResponse, ApiTags } from '../common/openapi-decorators';
import { VoiceListDto } from './voice-responses.dto';
import { ListVoicesQuery, toVoicesResponse } from './voices.dto';

@ApiTags('voices')
@Controller('voices')
export class VoicesController {
  constructor(private readonly voices: VoiceCatalogue) {}

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ type: VoiceListDto, description: 'The configured speech provider’s voices' })
  @ApiErrors(422)
  async list(@Query() q: ListVoicesQuery): Promise<VoiceListDto> {
    return toVoicesResponse(await this.voices.list(q.language));
  }
}
