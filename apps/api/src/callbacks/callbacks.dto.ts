import { ApiProperty } from '@nestjs/swagger';
import { toIsoZ } from '@vidgen/core';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@vidgen/webhooks';
import { IsDefined, IsIn, IsString, IsUrl, MaxLength } from 'class-validator';

export class CreateCallbackDto {
  @ApiProperty({
    description: 'HTTPS URL that receives deliveries',
    example: 'https://example.com/hooks/vidgen',
  })
  @IsDefined({ message: 'url is required' })
  @IsString()
  @MaxLength(2048)
  @IsUrl(
    { protocols: ['https'], require_protocol: true, require_tld: false, require_valid_protocol: true },
    { message: 'url must be an https URL' },
  )
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, description: 'Event type this webhook subscribes to' })
  @IsDefined({ message: 'event is required' })
  @IsString()
  @IsIn(WEBHOOK_EVENTS, { message: `event must be one of: ${WEBHOOK_EVENTS.join(', ')}` })
  event: WebhookEvent;
}

/** Interface §2.1. */
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
