import type { FontInfo } from '@vidgen/media';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';

export class FontDto {
  @ApiProperty({ description: 'What `font` on POST /brands takes', example: 'inter' }) id: string;
  @ApiProperty({ description: 'The family name the captions and cards are drawn in', example: 'Inter' })
  family: string;
  @ApiProperty({
    type: [String],
    description:
      'Scripts it writes (ISO 15924: Latn, Cyrl, Grek, Deva, Jpan); text in another script falls back to a font that writes it',
    example: ['Cyrl', 'Grek', 'Latn'],
  })
  scripts: string[];
  @ApiProperty({ description: 'SPDX licence of the font', example: 'OFL-1.1' }) license: string;
  @ApiProperty({ description: 'The registry package that ships it', example: '@fontsource/inter' })
  package: string;
}

export class FontListDto {
  @ApiProperty({ type: [FontDto] }) data: FontDto[];
}
assertSameShape<Equals<FontDto, FontInfo>>(true);
