import { Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import {
  WebhookDeliveryLogRepository,
  WebhookDeliveryService,
  WebhookDeliveryWorkflows,
  WebhookRepository,
  WebhookService,
} from '@vidgen/webhooks';
import { CONFIG, DB, overDb, TEMPORAL, type TemporalHandle } from '../infra/infra.tokens';
import { CallbacksController } from './callbacks.controller';

@Module({
  controllers: [CallbacksController],
  providers: [
    overDb(WebhookRepository),
    {
      provide: WebhookService,
      useFactory: (webhooks: WebhookRepository, config: AppConfig) =>
        new WebhookService(webhooks, { allowPrivateNetworks: config.webhooks.allowPrivateNetworks }),
      inject: [WebhookRepository, CONFIG],
    },
    {
      provide: WebhookDeliveryService,
      useFactory: (db: Db, webhooks: WebhookRepository, temporal: TemporalHandle, config: AppConfig) =>
        new WebhookDeliveryService(
          webhooks,
          new WebhookDeliveryLogRepository(db),
          new WebhookDeliveryWorkflows(temporal.client, config.temporal.taskQueue, config.webhooks),
        ),
      inject: [DB, WebhookRepository, TEMPORAL, CONFIG],
    },
  ],
})
export class CallbacksModule {}
