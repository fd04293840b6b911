import { LANGUAGE_TAG, type Voice } from '@vidgen/media';
import { IsOptional, IsString, Matches } from 'class-validator';
import { ApiPropertyOptional } from '../common/openapi-decorators';

export class ListVoicesQuery {
  @ApiPropertyOptional({
    description: 'Only the voices that speak this BCP 47 language (matched on its primary subtag)',
    example: 'de-CH',
    pattern: LANGUAGE_TAG.source,
  })
  @IsOptional()
  @IsString()
  @Matches(LANGUAGE_TAG, { message: 'language must be a BCP 47 code such as en or pt-BR' })
  language?: string;
}

export function toVoicesResponse(voices: Voice[]) {
  return {
    data: voices.map((v) => ({
      id: v.id,
      name: v.name,
      language: v.language,
      provider: v.provider,
      quality: v.quality,
    })),
  };
}
