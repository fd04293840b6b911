import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { CreditsService } from '@vidgen/ledger';
import { ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { Idempotent } from '../common/idempotency.interceptor';
import { ApiOkResponse, ApiTags } from '../common/openapi-decorators';
import { CreditsSummaryDto, LedgerPageDto, PurchaseResultDto } from './credit-responses.dto';
import { LedgerQuery, PurchaseDto, toLedgerPageResponse, toPurchaseResponse } from './credits.dto';

@ApiTags('credits')
@Controller('credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get()
  @RequireScope('credits:read')
  @ApiOkResponse({ type: CreditsSummaryDto })
  summary(@CurrentPrincipal() p: Principal): Promise<CreditsSummaryDto> {
    return this.credits.summary(p.accountId);
  }

  @Get('ledger')
  @RequireScope('credits:read')
  @ApiOkResponse({ type: LedgerPageDto, description: 'Newest first' })
  @ApiErrors(422)
  async ledger(@CurrentPrincipal() p: Principal, @Query() q: LedgerQuery): Promise<LedgerPageDto> {
    return toLedgerPageResponse(await this.credits.history(p.accountId, q));
  }

  @Post('purchase')
  @HttpCode(200)
  @RequireScope('credits:write')
  @Idempotent()
  @ApiOkResponse({ type: PurchaseResultDto, description: 'Credits added; the account moves to the plan' })
  @ApiErrors(
    [
      400,
      'INVALID_PLAN (no such plan for sale), PAYMENT_FAILED (the payment provider refused the token, or the payment was already used by another account), BAD_REQUEST (malformed JSON)',
    ],
    422,
  )
  async purchase(@CurrentPrincipal() p: Principal, @Body() dto: PurchaseDto): Promise<PurchaseResultDto> {
    return toPurchaseResponse(await this.credits.purchase(p.accountId, dto.plan, dto.payment_token));
  }
}
