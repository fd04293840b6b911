import { type Page, toNaiveMicros } from '@vidgen/core';
import { type LedgerEvent, PLAN_OFFERS, type Purchase } from '@vidgen/ledger';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';
import { ApiProperty } from '../common/openapi-decorators';
import { PageQuery } from '../common/page.query';

export class PurchaseDto {
  @ApiProperty({
    enum: Object.keys(PLAN_OFFERS),
    example: 'starter',
    description: 'Plan to buy: starter (100 credits) or pro (1000 credits); another name is 400 INVALID_PLAN',
  })
  @IsDefined({ message: 'plan is required' })
  @IsString()
  @MaxLength(64)
  plan: string;

  @ApiProperty({
    example: 'tok_test_ok_visa',
    description: 'Token from the payment provider',
    minLength: 1,
    maxLength: 512,
  })
  @IsDefined({ message: 'payment_token is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  payment_token: string;
}

export class LedgerQuery extends PageQuery {}

export function toLedgerRecord(e: LedgerEvent) {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    balance_after: e.balanceAfter,
    video_id: e.videoId,
    item: e.item,
    reason: e.reason,
    created_at: toNaiveMicros(e.createdAt),
  };
}

export function toLedgerPageResponse(page: Page<LedgerEvent>) {
  return { data: page.items.map(toLedgerRecord), next_cursor: page.nextCursor };
}

export function toPurchaseResponse(p: Purchase) {
  return {
    balance: p.balance,
    plan: p.plan,
    credits_added: p.creditsAdded,
    payment_reference: p.paymentReference,
  };
}
