import { Module } from '@nestjs/common';
import type { Db } from '@vidgen/db';
import { CreditsService, LedgerRepository, LocalPaymentProvider } from '@vidgen/ledger';
import { CommonModule } from '../common/common.module';
import { DB } from '../infra/infra.tokens';
import { CreditsController } from './credits.controller';

@Module({
  imports: [CommonModule],
  controllers: [CreditsController],
  providers: [
    {
      provide: CreditsService,
      useFactory: (db: Db) => new CreditsService(new LedgerRepository(db), new LocalPaymentProvider()),
      inject: [DB],
    },
  ],
})
export class CreditsModule {}
