import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { WebhookDeliveryService, WebhookService } from '@vidgen/webhooks';
import { ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import {
  CreateCallbackDto,
  DeliveryPageDto,
  ListDeliveriesQuery,
  UpdateCallbackDto,
  WebhookDeliveryDto,
  WebhookRecordDto,
} from './callbacks.dto';

@ApiTags('callbacks')
@Controller('callbacks')
export class CallbacksController {
  constructor(
    private readonly webhooks: WebhookService,
    private readonly deliveries: WebhookDeliveryService,
  ) {}

  @Post()
  @RequireScope('callbacks:write')
  @ApiCreatedResponse({ type: WebhookRecordDto })
  @ApiErrors(
    400,
    [409, 'CONFLICT: this account already has a webhook for this url and event'],
    [422, 'VALIDATION_ERROR: not an https URL, an unknown event, or a URL that names a private address'],
  )
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
  @ApiNoContentResponse({ description: 'Deleted; no further deliveries' })
  @ApiErrors(404)
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.webhooks.delete(p.accountId, id);
  }

  @Patch(':id')
  @RequireScope('callbacks:write')
  @ApiOkResponse({ type: WebhookRecordDto })
  @ApiErrors(400, 404, 422)
  async update(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: UpdateCallbackDto,
  ): Promise<WebhookRecordDto> {
    return WebhookRecordDto.from(await this.webhooks.setActive(p.accountId, id, dto.is_active));
  }

  @Get(':id/deliveries')
  @RequireScope('callbacks:read')
  @ApiOkResponse({ type: DeliveryPageDto, description: 'Deliveries newest first, each with its attempts' })
  @ApiErrors(404, 422)
  async deliveriesOf(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Query() q: ListDeliveriesQuery,
  ): Promise<DeliveryPageDto> {
    return DeliveryPageDto.from(await this.deliveries.list(p.accountId, id, q));
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @RequireScope('callbacks:write')
  @ApiOkResponse({ type: WebhookDeliveryDto, description: 'A new run of the delivery has started' })
  @ApiErrors(404, [409, 'INVALID_STATE: the delivery is still running, or the webhook is inactive'])
  async redeliver(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Param('deliveryId', UuidPipe) deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    return WebhookDeliveryDto.from(await this.deliveries.redeliver(p.accountId, id, deliveryId));
  }
}
