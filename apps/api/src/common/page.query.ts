import { CURSOR_PATTERN } from '@vidgen/core';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Default } from './default.decorator';
import { ApiPropertyOptional } from './openapi-decorators';

export const PAGE_LIMIT_DEFAULT = 20;

/** `?limit=&cursor=` of every newest-first list; list queries extend it with their filters. */
export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: PAGE_LIMIT_DEFAULT })
  @Default(PAGE_LIMIT_DEFAULT)
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page', pattern: CURSOR_PATTERN })
  @IsOptional()
  @IsString()
  @Matches(new RegExp(CURSOR_PATTERN), { message: 'invalid cursor: use next_cursor of a page' })
  cursor?: string;
}
