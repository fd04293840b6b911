import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vidgen/auth';
import { WebhookService } from '@vidgen/webhooks';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { UuidPipe } from '../common/uuid.pipe';
import { CreateCallbackDto, WebhookRecordDto } from './callbacks.dto';

@ApiTags('callbacks')
@Controller('callbacks')
export class CallbacksController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post()
  @RequireScope('callbacks:write')
  @ApiCreatedResponse({ type: WebhookRecordDto })
  async create(@CurrentPrincipal() p: Principal, @Body() dto: CreateCallbackDto): Promise<WebhookRecordDto> {
    return WebhookRecordDto.from(await this.webhooks.create(p.accountId, dto));
  }

  @Get()
  @RequireScope('callbacks:read')
  @ApiOkResponse({ type: [WebhookRecordDto] })
  async list(@CurrentPrincipal() p: Principal): Promise<WebhookRecordDto[]> {
    return (await this.webhooks.list(p.accountId)).map(WebhookRecordDto.from);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('callbacks:write')
  @ApiNoContentResponse()
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.webhooks.delete(p.accountId, id);
  }
}
