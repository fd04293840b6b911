import { ProviderError } from '../common/media.errors';
import type { GeneratedSpeech, SpeechInput, SpeechProvider } from '../common/media.types';
import type { OpenAiClient } from '../common/openai/openai.client';
import type { CatalogueVoice } from '../common/voices';
import { openAiCatalogue, serverCatalogue } from './openai-voices';
import { fixWavSizes } from './wav';
import { storeWavSpeech } from './wav-speech';

/** How long `GET /voices` waits for a compatible server's voice list, and how long it keeps it. */
const VOICE_LIST_TIMEOUT_MS = 3000;
const VOICE_LIST_TTL_MS = 10 * 60_000;
const VOICE_LIST_RETRY_MS = 60_000;

export class OpenAiSpeechProvider implements SpeechProvider {
  constructor(
    private readonly client: OpenAiClient,
    readonly model: string,
    private readonly defaultVoice: string,
  ) {}

  private listed?: { until: number; voices: Promise<CatalogueVoice[]> };

  /**
   * OpenAI's own API: its fixed list (it has no endpoint for one). Another server that speaks the
   * protocol (Kokoro-FastAPI) is asked for its voices at `GET /audio/voices`, within
   * VOICE_LIST_TIMEOUT_MS, and the answer kept for VOICE_LIST_TTL_MS; a server that has no such
   * endpoint, or does not answer, gets the OpenAI list, asked again after a minute.
   */
  async listVoices(): Promise<CatalogueVoice[]> {
    if (this.client.isOpenAi) return openAiCatalogue(this.defaultVoice);
    if (!this.listed || Date.now() >= this.listed.until) {
      // Kept while it is asked, then for VOICE_LIST_TTL_MS, or VOICE_LIST_RETRY_MS without a list.
      const listed = {
        until: Number.POSITIVE_INFINITY,
        voices: this.client
          .getJson('/audio/voices', AbortSignal.timeout(VOICE_LIST_TIMEOUT_MS))
          .then(
            (answer) => serverCatalogue(this.defaultVoice, answer),
            () => undefined,
          )
          .then((voices) => {
            listed.until = Date.now() + (voices ? VOICE_LIST_TTL_MS : VOICE_LIST_RETRY_MS);
            return voices ?? openAiCatalogue(this.defaultVoice);
          }),
      };
      this.listed = listed;
    }
    return this.listed.voices;
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
        // The service's own range is 0.25–4; the API accepts 0.5–2.
        ...(input.speed !== undefined && input.speed !== 1 && { speed: input.speed }),
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
    // The speech endpoint returns no timings: the words are spread over the measured speech.
    return storeWavSpeech(
      wav,
      outPath,
      {
        text,
        provider: 'openai',
        voice,
        empty: { message: 'The speech service returned empty audio', retryable: true },
      },
      signal,
    );
  }
}
