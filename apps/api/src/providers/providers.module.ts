import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module';
import { ProvidersController } from './providers.controller';

/** GET /providers: the stages' providers and models, from the configuration this process read. */
@Module({ imports: [CommonModule], controllers: [ProvidersController] })
export class ProvidersModule {}
