import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';
import type { toVoicesResponse } from './voices.dto';

export class VoiceDto {
  @ApiProperty({ description: 'What `voice` on POST /videos takes', example: 'de+f3' }) id: string;
  @ApiProperty({ example: 'German, female' }) name: string;
  @ApiProperty({ description: 'BCP 47 tag (`mul`: every language the provider supports)', example: 'de' })
  language: string;
  @ApiProperty({
    enum: ['piper', 'espeak', 'openai'],
    description: 'The engine that speaks it: Piper (neural, offline), espeak-ng (formant, offline) or OpenAI',
  })
  provider: 'piper' | 'espeak' | 'openai';
  @ApiProperty({
    enum: ['neural', 'formant'],
    description:
      '`neural`: a trained voice model; `formant`: rule-based synthesis. Neural voices are listed first',
  })
  quality: 'neural' | 'formant';
}

export class VoiceListDto {
  @ApiProperty({ type: [VoiceDto] }) data: VoiceDto[];
}
assertSameShape<Equals<VoiceListDto, ReturnType<typeof toVoicesResponse>>>(true);
