import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module';
import { FontsController } from './fonts.controller';

/** The bundled fonts (`GET /fonts`): a fixed list read from the font packages. */
@Module({ imports: [CommonModule], controllers: [FontsController] })
export class FontsModule {}
