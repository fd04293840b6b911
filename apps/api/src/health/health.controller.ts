import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../common/auth';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '../common/openapi-decorators';
import { HealthService } from './health.service';
import { LiveDto, ReadyDto } from './health-responses.dto';

/**
 * Probes for orchestrators: public, cheap, bounded. Neither starts a workflow; readiness checks
 * each dependency within 2 s and reports the worker pollers Temporal has seen on the task queue.
 */
@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly service: HealthService) {}

  /** The process answers. */
  @Get('live')
  @HttpCode(200)
  @ApiOkResponse({ type: LiveDto, description: 'the api process is up' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database and Temporal answer, each within 2 s; 503 names the parts that did not. */
  @Get('ready')
  @ApiOkResponse({ type: ReadyDto, description: 'database and Temporal reachable' })
  @ApiServiceUnavailableResponse({ type: ReadyDto, description: 'a dependency did not answer within 2 s' })
  async ready(@Res({ passthrough: true }) res: Response) {
    const report = await this.service.ready();
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
