import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Default } from './default.decorator';

export const PAGE_LIMIT_DEFAULT = 20;

/** `?limit=&cursor=` of every newest-first list; list queries extend it with their filters. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: PAGE_LIMIT_DEFAULT })
  @Default(PAGE_LIMIT_DEFAULT)
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
