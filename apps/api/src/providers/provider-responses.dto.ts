import type { describeProviders } from '@vidgen/media';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';

export class StageProviderDto {
  @ApiProperty({
    description:
      'What serves the stage: `local` (offline), `openai` (an OpenAI-compatible API), `llama` (a GGUF model in the worker), `none`',
    example: 'openai',
  })
  provider: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The model (for `llama`, the model file’s name); null when the stage has none',
    example: 'gpt-4o-mini',
  })
  model: string | null;
}

export class ProvidersDto {
  @ApiProperty({ type: StageProviderDto }) script: StageProviderDto;
  @ApiProperty({ type: StageProviderDto }) image: StageProviderDto;
  @ApiProperty({ type: StageProviderDto }) speech: StageProviderDto;
  @ApiProperty({
    type: StageProviderDto,
    description: 'Stock footage; `{"provider": "none", "model": null}` when none is configured',
  })
  stock: StageProviderDto;
}
assertSameShape<Equals<ProvidersDto, ReturnType<typeof describeProviders>>>(true);
