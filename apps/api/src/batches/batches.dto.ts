import { CURSOR_PATTERN } from '@vidgen/core';
import { BATCH_ROWS_MAX, type Batch, type BatchRow, toBatchRecord } from '@vidgen/videos';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Default } from '../common/default.decorator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';

export class BatchRowDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', minLength: 1, maxLength: 500 },
    description: "A value for each of the template's variables, as for POST /videos; none may be empty",
    example: { product: 'Trail shoe', price: '89 EUR' },
  })
  @IsDefined({ message: 'variables is required' })
  @IsObject()
  variables: Record<string, string>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Anything of yours to find the row by (a SKU, a customer id); shown with the row',
    example: { sku: 'TS-42' },
  })
  @Optional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

export class CreateBatchDto {
  @ApiProperty({ format: 'uuid', description: 'The template every row fills in' })
  @IsDefined({ message: 'template_id is required' })
  @IsUUID()
  template_id: string;

  @ApiProperty({ type: [BatchRowDto], minItems: 1, maxItems: BATCH_ROWS_MAX })
  @IsDefined({ message: 'rows is required' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(BATCH_ROWS_MAX)
  @ValidateNested({ each: true })
  @Type(() => BatchRowDto)
  rows: BatchRowDto[];

  @ApiPropertyOptional({
    default: true,
    nullable: true,
    description:
      "Pass the review gate without waiting for approval (replaces the template's auto_approve); null is the default",
  })
  @Default(true)
  @IsOptional()
  @IsBoolean()
  auto_approve: boolean;
}

/** The multipart form of POST /batches, for the API document. */
export const BATCH_UPLOAD_SCHEMA = {
  type: 'object',
  required: ['template_id', 'file'],
  // Any other part is a 422 (readBatchForm).
  additionalProperties: false,
  properties: {
    template_id: { type: 'string', format: 'uuid' },
    auto_approve: { type: 'string', enum: ['true', 'false'], default: 'true' },
    file: {
      type: 'string',
      format: 'binary',
      description: `CSV, UTF-8: a header row naming the template's variables, then at most ${BATCH_ROWS_MAX} rows`,
    },
  },
};

export class ListBatchRowsQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @Default(20)
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page', pattern: '^[0-9]{1,6}$' })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9]{1,6}$/, { message: 'invalid cursor: use next_cursor of a page' })
  cursor?: string;
}

const BATCH_STATUSES = ['running', 'completed', 'cancelled'];
const ROW_STATUSES = ['waiting', 'in_progress', 'completed', 'failed', 'cancelled'];

export class BatchRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) template_id: string;
  @ApiProperty({ enum: BATCH_STATUSES }) status: string;
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Rows whose video has not been created yet' }) waiting: number;
  @ApiProperty({ type: 'integer' }) in_progress: number;
  @ApiProperty({ type: 'integer' }) completed: number;
  @ApiProperty({ type: 'integer' }) failed: number;
  @ApiProperty({ type: 'integer', description: 'Rows a cancel stopped before they started' })
  cancelled: number;
  @ApiProperty({ example: '2026-11-21T10:00:00.123456Z' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-21T10:30:00.123456Z' })
  completed_at: string | null;

  static from(b: Batch): BatchRecordDto {
    return toBatchRecord(b);
  }
}

export class BatchPageDto {
  @ApiProperty({ type: [BatchRecordDto], description: 'Newest first' }) data: BatchRecordDto[];
  @ApiProperty({ type: String, nullable: true, pattern: CURSOR_PATTERN }) next_cursor: string | null;
}

export class BatchRowRecordDto {
  @ApiProperty({ type: 'integer', description: 'The row’s place in the batch, from 0' }) index: number;
  @ApiProperty({ enum: ROW_STATUSES }) status: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Its video, once created' })
  video_id: string | null;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) variables: Record<
    string,
    string
  >;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) metadata: unknown;

  static from(r: BatchRow): BatchRowRecordDto {
    return {
      index: r.index,
      status: r.status,
      video_id: r.videoId,
      variables: r.variables,
      metadata: r.metadata,
    };
  }
}

export class BatchRowPageDto {
  @ApiProperty({ type: [BatchRowRecordDto], description: 'In order of index' }) data: BatchRowRecordDto[];
  @ApiProperty({ type: String, nullable: true, pattern: '^[0-9]{1,6}$' }) next_cursor: string | null;
}
