import { Module } from '@nestjs/common';
import { TemplateRepository, TemplateService, VideoRepository } from '@vidgen/videos';
import { overDb } from '../infra/infra.tokens';
import { TemplateExpansionInterceptor } from './template-expansion.interceptor';
import { TemplatesController } from './templates.controller';

@Module({
  controllers: [TemplatesController],
  providers: [
    overDb(TemplateRepository),
    overDb(VideoRepository),
    {
      provide: TemplateService,
      useFactory: (templates: TemplateRepository, videos: VideoRepository) =>
        new TemplateService(templates, videos),
      inject: [TemplateRepository, VideoRepository],
    },
    TemplateExpansionInterceptor,
  ],
  exports: [TemplateService, TemplateRepository, TemplateExpansionInterceptor],
})
export class TemplatesModule {}
