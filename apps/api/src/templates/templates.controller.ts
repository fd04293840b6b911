import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { TemplateService } from '@vidgen/videos';
import { ApiErrors } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import {
  CreateTemplateDto,
  ListTemplatesQuery,
  TemplatePageDto,
  TemplateRecordDto,
  toNewTemplate,
  toTemplateChanges,
  UpdateTemplateDto,
} from './templates.dto';

@ApiTags('templates')
@Controller('templates')
export class TemplatesController {
  constructor(private readonly templates: TemplateService) {}

  @Post()
  @RequireScope('videos:write')
  @ApiCreatedResponse({ type: TemplateRecordDto })
  @ApiErrors(400, [
    422,
    'VALIDATION_ERROR: a request POST /videos would refuse, both or neither of request and from_video_id, or a from_video_id that is not a video of this account',
  ])
  async create(@CurrentPrincipal() p: Principal, @Body() dto: CreateTemplateDto): Promise<TemplateRecordDto> {
    return TemplateRecordDto.from(await this.templates.create(p.accountId, await toNewTemplate(dto)));
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ type: TemplatePageDto, description: 'Newest first' })
  @ApiErrors(422)
  async list(@CurrentPrincipal() p: Principal, @Query() q: ListTemplatesQuery): Promise<TemplatePageDto> {
    const page = await this.templates.list(p.accountId, q);
    return { data: page.items.map(TemplateRecordDto.from), next_cursor: page.nextCursor };
  }

  @Get(':id')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: TemplateRecordDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<TemplateRecordDto> {
    return TemplateRecordDto.from(await this.templates.get(p.accountId, id));
  }

  @Patch(':id')
  @RequireScope('videos:write')
  @ApiOkResponse({ type: TemplateRecordDto, description: 'Its variables follow the new request' })
  @ApiErrors(400, 404, 422)
  async update(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Body() dto: UpdateTemplateDto,
  ): Promise<TemplateRecordDto> {
    return TemplateRecordDto.from(await this.templates.update(p.accountId, id, await toTemplateChanges(dto)));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('videos:write')
  @ApiNoContentResponse({ description: 'Deleted; videos and batches made from it are unchanged' })
  @ApiErrors(404)
  async remove(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.templates.delete(p.accountId, id);
  }
}
