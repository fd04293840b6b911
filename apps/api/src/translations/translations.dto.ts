import { LANGUAGE_TAG } from '@vidgen/media';
import type { TranslateVideoInput } from '@vidgen/videos';
import { IsDefined, IsOptional, IsString, Matches } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { VOICE_PATTERN } from '../videos/create-video.dto';

export class TranslateVideoDto {
  @ApiProperty({
    description: 'BCP 47 language to translate the video into; not the language it is in',
    example: 'de',
    pattern: LANGUAGE_TAG.source,
  })
  @IsDefined({ message: 'language is required' })
  @IsString()
  @Matches(LANGUAGE_TAG, { message: 'language must be a BCP 47 code such as en or pt-BR' })
  language: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "A voice id from GET /voices that speaks `language`; left out, the language's default voice",
    example: 'de',
    pattern: VOICE_PATTERN.source,
  })
  @IsOptional()
  @IsString()
  @Matches(VOICE_PATTERN, { message: 'voice must be a voice id (letters, digits, + _ -)' })
  voice?: string | null;
}

export function toTranslateInput(dto: TranslateVideoDto): TranslateVideoInput {
  return { language: dto.language, voice: dto.voice ?? null };
}
