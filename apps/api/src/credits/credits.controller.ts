import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vidgen/auth';
import { CreditsService } from '@vidgen/ledger';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { Idempotent } from '../common/idempotency.interceptor';
import { LedgerQuery, PurchaseDto, toLedgerPageResponse } from './credits.dto';

@ApiTags('credits')
@Controller('credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get()
  @RequireScope('credits:read')
  @ApiOkResponse({ description: '{ balance, plan }' })
  summary(@CurrentPrincipal() p: Principal) {
    return this.credits.summary(p.accountId);
  }

  @Get('ledger')
  @RequireScope('credits:read')
  @ApiOkResponse({ description: '{ data: [ledger event], next_cursor }, newest first' })
  async ledger(@CurrentPrincipal() p: Principal, @Query() q: LedgerQuery) {
    return toLedgerPageResponse(await this.credits.history(p.accountId, q));
  }

  @Post('purchase')
  @HttpCode(200)
  @RequireScope('credits:write')
  @Idempotent()
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Replays the first result for 24 h' })
  purchase(@CurrentPrincipal() p: Principal, @Body() dto: PurchaseDto) {
    return this.credits.purchase(p.accountId, dto.plan, dto.payment_token);
  }
}
