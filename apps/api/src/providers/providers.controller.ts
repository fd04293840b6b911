import { Controller, Get, Inject } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { describeProviders } from '@vidgen/media';
import { ApiErrors } from '../common/api-errors';
import { RequireScope } from '../common/auth';
import { ApiOkResponse, ApiTags } from '../common/openapi-decorators';
import { CONFIG } from '../infra/infra.tokens';
import { ProvidersDto } from './provider-responses.dto';

@ApiTags('providers')
@Controller('providers')
export class ProvidersController {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({
    type: ProvidersDto,
    description:
      'Which provider and model serve each stage, as the worker builds them from the same settings; never a key or an address',
  })
  @ApiErrors()
  get(): Promise<ProvidersDto> {
    // Described on each call, as GET /voices lists: a voice installed since shows, and so does
    // an Ollama model pulled since (asked again after 30 s).
    return describeProviders(this.config.media);
  }
}
