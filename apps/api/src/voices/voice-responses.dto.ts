import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';
import type { toVoicesResponse } from './voices.dto';

export class VoiceDto {
  @ApiProperty({ description: 'What `voice` on POST /videos takes', example: 'de+f3' }) id: string;
  @ApiProperty({ example: 'German, female' }) name: string;
  @ApiProperty({ description: 'BCP 47 tag (`mul`: every language the provider supports)', example: 'de' })
  language: string;
  @ApiProperty({ enum: ['local', 'openai'], description: 'The configured speech provider' })
  provider: 'local' | 'openai';
}

export class VoiceListDto {
  @ApiProperty({ type: [VoiceDto] }) data: VoiceDto[];
}
assertSameShape<Equals<VoiceListDto, ReturnType<typeof toVoicesResponse>>>(true);
