import { type Page, toIsoZ } from '@vidgen/core';
import {
  type DeliveryAttempt,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@vidgen/webhooks';
import { IsBoolean, IsDefined, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { HTTPS_URL_PATTERN } from '../common/https-url';
import { ApiProperty } from '../common/openapi-decorators';
import { PageQuery } from '../common/page.query';

export class CreateCallbackDto {
  @ApiProperty({
    description: 'HTTPS URL that receives deliveries',
    example: 'https://example.com/hooks/vidgen',
    maxLength: 2048,
    pattern: HTTPS_URL_PATTERN,
  })
  @IsDefined({ message: 'url is required' })
  @IsString()
  @MaxLength(2048)
  @Matches(new RegExp(HTTPS_URL_PATTERN), {
    message: 'url must be an https URL (a host name or IP address, optional port, path and query)',
  })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, description: 'Event type this webhook subscribes to' })
  @IsDefined({ message: 'event is required' })
  @IsString()
  @IsIn(WEBHOOK_EVENTS, { message: `event must be one of: ${WEBHOOK_EVENTS.join(', ')}` })
  event: WebhookEvent;
}

/** docs/api.md#webhook-record */
export class WebhookRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Owner of the webhook' }) user_id: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS }) event: string;
  @ApiProperty({ description: 'Signing secret for X-Service-Signature' }) secret: string;
  @ApiProperty() is_active: boolean;
  @ApiProperty({ example: '2026-11-21T10:00:00.123456Z' }) created_at: string;

  static from(w: Webhook): WebhookRecordDto {
    return {
      id: w.id,
      user_id: w.accountId,
      url: w.url,
      event: w.event,
      secret: w.secret,
      is_active: w.isActive,
      created_at: toIsoZ(w.createdAt),
    };
  }
}

export class UpdateCallbackDto {
  @ApiProperty({ description: 'false stops deliveries to this webhook; true resumes them' })
  @IsDefined({ message: 'is_active is required' })
  @IsBoolean({ message: 'is_active must be a boolean' })
  is_active: boolean;
}

export class ListDeliveriesQuery extends PageQuery {}

export class DeliveryAttemptDto {
  @ApiProperty({ description: '1 for the first delivery, 2… for redeliveries' }) run: number;
  @ApiProperty({ description: '1…4 within the run' }) attempt: number;
  @ApiProperty({ enum: ['succeeded', 'failed'] }) outcome: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.123000Z' }) attempted_at: string;
  @ApiProperty({ nullable: true, type: Number }) duration_ms: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'HTTP status the receiver answered' })
  status_code: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'why no 2xx arrived (timeout, TLS, refused, …)' })
  error: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'when the next attempt is due, if any' })
  next_retry_at: string | null;

  static from(a: DeliveryAttempt): DeliveryAttemptDto {
    return {
      run: a.run,
      attempt: a.attempt,
      outcome: a.outcome,
      attempted_at: toIsoZ(a.attemptedAt),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      next_retry_at: a.nextRetryAt ? toIsoZ(a.nextRetryAt) : null,
    };
  }
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'Sent as X-Service-Delivery-Id' }) id: string;
  @ApiProperty({ format: 'uuid' }) webhook_id: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS }) event: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The video of a video event; null for batch.completed',
  })
  video_id: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The batch of batch.completed; null for a video event',
  })
  batch_id: string | null;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed', 'cancelled'] }) status: string;
  @ApiProperty({ nullable: true, type: String }) next_retry_at: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
  @ApiProperty({ type: [DeliveryAttemptDto], description: 'Oldest first, across runs' })
  attempts: DeliveryAttemptDto[];

  static from(d: WebhookDelivery): WebhookDeliveryDto {
    return {
      id: d.id,
      webhook_id: d.webhookId,
      event: d.event,
      video_id: d.videoId,
      batch_id: d.batchId,
      status: d.status,
      next_retry_at: d.nextRetryAt ? toIsoZ(d.nextRetryAt) : null,
      created_at: toIsoZ(d.createdAt),
      updated_at: toIsoZ(d.updatedAt),
      attempts: d.attempts.map(DeliveryAttemptDto.from),
    };
  }
}

export class DeliveryPageDto {
  @ApiProperty({ type: [WebhookDeliveryDto], description: 'Newest first' }) data: WebhookDeliveryDto[];
  @ApiProperty({ nullable: true, type: String }) next_cursor: string | null;

  static from(page: Page<WebhookDelivery>): DeliveryPageDto {
    return { data: page.items.map(WebhookDeliveryDto.from), next_cursor: page.nextCursor };
  }
}
