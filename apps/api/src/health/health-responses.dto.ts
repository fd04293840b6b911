import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';
import type { HealthChecks } from './health.checks';

export class LiveDto {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
}

export class CheckResultDto {
  @ApiProperty({ enum: ['ok', 'failed'] }) status: 'ok' | 'failed';
  @ApiProperty({ description: 'How long the check took' }) ms: number;
  @ApiPropertyOptional({ example: 'no answer within 2000 ms' }) error?: string;
}

export class ReadyChecksDto {
  @ApiProperty({ type: CheckResultDto }) database: CheckResultDto;
  @ApiProperty({ type: CheckResultDto }) temporal: CheckResultDto;
}

export class WorkersDto {
  @ApiProperty() task_queue: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Worker pollers Temporal has seen; null if unknown',
  })
  pollers: number | null;
}

export class ReadyDto {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status: 'ok' | 'unavailable';
  @ApiProperty({ type: ReadyChecksDto }) checks: ReadyChecksDto;
  @ApiProperty({ type: WorkersDto }) workers: WorkersDto;
}
assertSameShape<Equals<ReadyDto, Awaited<ReturnType<HealthChecks['run']>>>>(true);
