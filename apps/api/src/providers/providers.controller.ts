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
  private readonly description: ProvidersDto;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.description = describeProviders(config.media);
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({
    type: ProvidersDto,
    description: 'Which provider and model serve each stage; never a key or an address',
  })
  @ApiErrors()
  get(): ProvidersDto {
    return this.description;
  }
}
