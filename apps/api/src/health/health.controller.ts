import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly service: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'database and temporal reachable' })
  health() {
    return this.service.check();
  }

  @Get('worker')
  @ApiOkResponse({ description: 'a worker completed a probe workflow' })
  worker() {
    return this.service.workerRoundTrip();
  }
}
