import { Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import { CreditsService, createPaymentProvider, LedgerRepository } from '@vidgen/ledger';
import { CommonModule } from '../common/common.module';
import { CONFIG, DB } from '../infra/infra.tokens';
import { CreditsController } from './credits.controller';

@Module({
  imports: [CommonModule],
  controllers: [CreditsController],
  providers: [
    {
      provide: CreditsService,
      useFactory: (db: Db, config: AppConfig) =>
        new CreditsService(new LedgerRepository(db), createPaymentProvider(config.paymentProvider)),
      inject: [DB, CONFIG],
    },
  ],
})
export class CreditsModule {}
