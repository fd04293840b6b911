import { writeFileAtomic } from '../common/atomic-file';
import { ProviderError, throwIfAborted } from '../common/media.errors';
import type { GeneratedSpeech, SpeechInput, SpeechProvider } from '../common/media.types';
import type { CatalogueVoice } from '../common/voices';
import { fixWavSizes, parseWavHeader } from '../narrating/wav';
import type { OpenAiClient } from './openai.client';
import { openAiCatalogue } from './openai-voices';

export class OpenAiSpeechProvider implements SpeechProvider {
  constructor(
    private readonly client: OpenAiClient,
    private readonly model: string,
    private readonly defaultVoice: string,
  ) {}

  /** A fixed list: asking the service costs a request and it has no endpoint for it. */
  async listVoices(): Promise<CatalogueVoice[]> {
    return openAiCatalogue(this.defaultVoice);
  }

  async synthesize(input: SpeechInput, outPath: string, signal?: AbortSignal): Promise<GeneratedSpeech> {
    const text = input.text.trim();
    if (text === '') throw new ProviderError('Narration text is empty', false);
    const voice = input.voice?.trim() || this.defaultVoice;
    const audio = await this.client.postBinary(
      '/audio/speech',
      {
        model: this.model,
        input: text,
        voice,
        response_format: 'wav',
      },
      signal,
    );
    let wav: Buffer;
    try {
      // Streamed WAVs carry placeholder sizes; store one whose header tells the truth.
      wav = fixWavSizes(audio);
    } catch (err) {
      throw new ProviderError('The speech service did not return a WAV file', false, { cause: err });
    }
    const info = parseWavHeader(wav, wav.length);
    if (info.dataBytes === 0) throw new ProviderError('The speech service returned empty audio', true);
    throwIfAborted(signal);
    await writeFileAtomic(outPath, wav);
    return {
      path: outPath,
      durationSeconds: info.durationSeconds,
      mimeType: 'audio/wav',
      words: [],
      provider: 'openai',
      voice,
    };
  }
}
