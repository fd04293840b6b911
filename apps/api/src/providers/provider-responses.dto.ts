import type { describeProviders } from '@vidgen/media';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';

export class StageProviderDto {
  @ApiProperty({
    description:
      'What serves the stage: `local` (offline), `openai` (an OpenAI-compatible API), `ollama` (the Ollama model the worker found at OLLAMA_HOST with no script provider set), `llama` (a GGUF model in the worker), for stock `pexels` or `pixabay`, `none`',
    example: 'openai',
  })
  provider: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'The model (for `llama`, the model file’s name; for local pictures `illustrator`, local scripts `planner`); null when the stage has none',
    example: 'gpt-4o-mini',
  })
  model: string | null;
}

export class SpeechLanguageDto {
  @ApiProperty({ description: 'The language’s primary subtag: every tag of that language', example: 'en' })
  language: string;

  @ApiProperty({ description: 'The engine that speaks it, as GET /voices names it', example: 'piper' })
  provider: string;

  @ApiProperty({
    description: 'The voice a video in that language gets by default (a Piper voice is its own model)',
    example: 'en_US-joe-medium',
  })
  model: string;
}

export class SpeechStageProviderDto extends StageProviderDto {
  @ApiProperty({
    type: [SpeechLanguageDto],
    description:
      'The languages spoken by another engine than `model` says (with the local provider, each language with an installed Piper voice); `model` speaks every other language. [] when one model speaks them all',
  })
  languages: SpeechLanguageDto[];
}

export class ProvidersDto {
  @ApiProperty({ type: StageProviderDto }) script: StageProviderDto;
  @ApiProperty({ type: StageProviderDto }) image: StageProviderDto;
  @ApiProperty({
    type: SpeechStageProviderDto,
    description:
      'Narration: `{"provider": "local", "model": "espeak-ng"}` for the languages not in `languages`, Piper for those in it',
  })
  speech: SpeechStageProviderDto;
  @ApiProperty({
    type: StageProviderDto,
    description:
      'Stock footage: `{"provider": "pexels" | "pixabay", "model": null}`, or `{"provider": "none", "model": null}` when none is configured',
  })
  stock: StageProviderDto;
}
assertSameShape<Equals<ProvidersDto, Awaited<ReturnType<typeof describeProviders>>>>(true);
assertSameShape<Equals<SpeechStageProviderDto, Awaited<ReturnType<typeof describeProviders>>['speech']>>(
  true,
);
