import { PLANS, type Plan } from '@vidgen/auth';
import { CURSOR_PATTERN } from '@vidgen/core';
import type { CreditsService } from '@vidgen/ledger';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals, NAIVE_MICROS } from '../common/schema-types';
import type { toLedgerRecord, toPurchaseResponse } from './credits.dto';

export class CreditsSummaryDto {
  @ApiProperty({ minimum: 0, example: 95 }) balance: number;
  @ApiProperty({ enum: PLANS }) plan: Plan;
}
assertSameShape<Equals<CreditsSummaryDto, Awaited<ReturnType<CreditsService['summary']>>>>(true);

const LEDGER_KINDS = ['granted', 'purchased', 'charged', 'refunded'] as const;

/** One event of the append-only ledger (docs/credits.md). */
export class LedgerEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: LEDGER_KINDS }) kind: (typeof LEDGER_KINDS)[number];
  @ApiProperty({ description: 'Positive for granted, purchased and refunded; negative for charged' })
  amount: number;
  @ApiProperty({ minimum: 0 }) balance_after: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) video_id: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'What was charged or refunded',
    example: 'image:2',
  })
  item: string | null;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty(NAIVE_MICROS) created_at: string;
}
assertSameShape<Equals<LedgerEntryDto, ReturnType<typeof toLedgerRecord>>>(true);

export class LedgerPageDto {
  @ApiProperty({ type: [LedgerEntryDto], description: 'Newest first' }) data: LedgerEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: CURSOR_PATTERN,
    description: 'null on the last page',
  })
  next_cursor: string | null;
}

export class PurchaseResultDto {
  @ApiProperty({ minimum: 0, description: 'Balance after the purchase' }) balance: number;
  @ApiProperty({ enum: ['starter', 'pro'] }) plan: 'starter' | 'pro';
  @ApiProperty({ example: 100 }) credits_added: number;
  @ApiProperty({ description: "The payment provider's reference; one purchase per reference" })
  payment_reference: string;
}
assertSameShape<Equals<PurchaseResultDto, ReturnType<typeof toPurchaseResponse>>>(true);
