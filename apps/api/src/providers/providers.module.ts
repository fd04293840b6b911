import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module';
import { ProvidersController } from './providers.controller';

/**
 * GET /providers: the stages' providers and models, described by the factory that builds them in
 * the worker, over the configuration both processes read from the same environment.
 */
@Module({ imports: [CommonModule], controllers: [ProvidersController] })
export class ProvidersModule {}
