import { ALL_SCOPES, type ApiKeyView } from '@vidgen/auth';
import { toIsoZ } from '@vidgen/core';
import {
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';

export class CreateKeyDto {
  @ApiPropertyOptional({ description: 'A label for the key', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiProperty({ enum: ALL_SCOPES, isArray: true })
  @IsArray({ message: 'scopes must be an array of scopes' })
  @ArrayMinSize(1, { message: 'choose at least one scope' })
  @IsIn(ALL_SCOPES, { each: true, message: `each scope must be one of: ${ALL_SCOPES.join(', ')}` })
  scopes: string[];

  @ApiPropertyOptional({ description: 'Days until the key expires; none: it never expires' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3650)
  expires_in_days?: number;
}

const iso = (raw: string | null) => (raw ? toIsoZ(raw) : null);

export function toKeyRecord(k: ApiKeyView) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    status: k.status,
    created_at: toIsoZ(k.createdAt),
    last_used_at: iso(k.lastUsedAt),
    expires_at: iso(k.expiresAt),
    revoked_at: iso(k.revokedAt),
  };
}
