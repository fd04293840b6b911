import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Principal } from '@vidgen/auth';
import { BatchService } from '@vidgen/videos';
import type { Request } from 'express';
import { ApiErrors, ApiRequestContent } from '../common/api-errors';
import { CurrentPrincipal, RequireScope } from '../common/auth';
import { Idempotent } from '../common/idempotency.interceptor';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiTags,
  getSchemaPath,
} from '../common/openapi-decorators';
import { PageQuery } from '../common/page.query';
import { UuidPipe } from '../common/uuid.pipe';
import { BatchCreateService } from './batch-create.service';
import { batchRequestFingerprint } from './batch-form';
import {
  BATCH_UPLOAD_SCHEMA,
  BatchPageDto,
  BatchRecordDto,
  BatchRowPageDto,
  BatchRowRecordDto,
  CreateBatchDto,
  ListBatchRowsQuery,
} from './batches.dto';

@ApiTags('batches')
@ApiExtraModels(CreateBatchDto)
@Controller('batches')
export class BatchesController {
  constructor(
    private readonly batches: BatchService,
    private readonly creator: BatchCreateService,
  ) {}

  @Post()
  @HttpCode(201)
  @RequireScope('videos:write')
  @Idempotent({ fingerprint: batchRequestFingerprint })
  @ApiRequestContent({
    'application/json': { $ref: getSchemaPath(CreateBatchDto) },
    'multipart/form-data': BATCH_UPLOAD_SCHEMA,
  })
  @ApiCreatedResponse({
    type: BatchRecordDto,
    description: 'Every row checked; its videos start as slots free up',
  })
  @ApiErrors(
    400,
    [
      402,
      'INSUFFICIENT_CREDITS: the estimated credits of all rows exceed the balance; the message states both',
    ],
    [
      422,
      'VALIDATION_ERROR naming each bad row and field: ["body", "rows", i, "variables", name], ["body", "rows", i, <field of POST /videos>], or for a CSV ["body", "file", "columns", name]',
    ],
    [429, "the rate limiter's simple body: more rows than the plan's remaining video creations today"],
  )
  async create(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<BatchRecordDto> {
    return BatchRecordDto.from(await this.creator.create(p.accountId, req));
  }

  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({ type: BatchPageDto, description: 'Newest first' })
  @ApiErrors(422)
  async list(@CurrentPrincipal() p: Principal, @Query() q: PageQuery): Promise<BatchPageDto> {
    const page = await this.batches.list(p.accountId, q);
    return { data: page.items.map(BatchRecordDto.from), next_cursor: page.nextCursor };
  }

  @Get(':id')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: BatchRecordDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<BatchRecordDto> {
    return BatchRecordDto.from(await this.batches.get(p.accountId, id));
  }

  @Get(':id/rows')
  @RequireScope('videos:read')
  @ApiOkResponse({ type: BatchRowPageDto, description: 'In order of index' })
  @ApiErrors(404, 422)
  async rows(
    @CurrentPrincipal() p: Principal,
    @Param('id', UuidPipe) id: string,
    @Query() q: ListBatchRowsQuery,
  ): Promise<BatchRowPageDto> {
    const page = await this.batches.rows(p.accountId, id, q);
    return { data: page.items.map(BatchRowRecordDto.from), next_cursor: page.nextCursor };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequireScope('videos:write')
  @ApiOkResponse({
    type: BatchRecordDto,
    description: 'Rows not started are cancelled; started videos go on',
  })
  @ApiErrors(404, [409, 'INVALID_STATE: the batch is completed or cancelled already'])
  async cancel(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<BatchRecordDto> {
    return BatchRecordDto.from(await this.batches.cancel(p.accountId, id));
  }
}
