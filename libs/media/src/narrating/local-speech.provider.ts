import { ProviderError, throwIfAborted } from '../common/media.errors';
import {
  type GeneratedSpeech,
  mediaNiceness,
  SPEECH_SPEED,
  type SpeechInput,
  type SpeechProvider,
} from '../common/media.types';
import { tidyWhitespace } from '../common/text';
import type { CatalogueVoice } from '../common/voices';
import { type EspeakProcess, espeakProcess } from './espeak-runtime';
import { espeakCatalogue } from './espeak-voices';
import { PiperSpeechProvider } from './piper/piper-speech.provider';
import { storeWavSpeech } from './wav-speech';

export const DEFAULT_ESPEAK_VOICE = 'en';
/** espeak-ng's own pace, in words a minute (its `-s` default). */
const ESPEAK_WORDS_PER_MINUTE = 175;

/** espeak-ng's rate for a speed (1 = its own pace), within the range the API accepts. */
export function espeakRate(speed: number | undefined): number {
  const s = Math.min(SPEECH_SPEED.max, Math.max(SPEECH_SPEED.min, speed ?? SPEECH_SPEED.default));
  return Math.round(ESPEAK_WORDS_PER_MINUTE * s);
}

// espeak voice ids: "en", "en-us", "en-gb-x-rp", "fr+f3". Also keeps option-like strings out of argv.
const VOICE_ID = /^[a-z]{2,8}(?:-[a-z0-9]+)*(?:\+[a-z0-9]+)?$/i;

/**
 * Offline narration: the installed Piper voices (neural, listed first) when `voicesDir` is given,
 * and espeak-ng for every language. A voice id names one or the other. espeak-ng (GPL) runs as a
 * separate program in a process of its own, the process's shared one unless `espeak` is given
 * (docs/decisions/0056-licence-and-provenance.md).
 */
export class LocalSpeechProvider implements SpeechProvider {
  private readonly piper?: PiperSpeechProvider;

  constructor(
    private readonly opts: {
      defaultVoice?: string;
      voicesDir?: string;
      piper?: boolean;
      espeak?: EspeakProcess;
    } = {},
  ) {
    if (opts.piper) this.piper = new PiperSpeechProvider({ voicesDir: opts.voicesDir });
  }

  /** The installed Piper voices, then espeak-ng's languages and a few variants. */
  async listVoices(): Promise<CatalogueVoice[]> {
    const espeak = await espeakCatalogue();
    return this.piper ? [...(await this.piper.listVoices()), ...espeak] : espeak;
  }

  async synthesize(input: SpeechInput, outPath: string, signal?: AbortSignal): Promise<GeneratedSpeech> {
    if (this.piper?.speaks(input.voice?.trim())) return this.piper.synthesize(input, outPath, signal);
    throwIfAborted(signal);
    const text = tidyWhitespace(input.text ?? '');
    if (text === '') throw new ProviderError('Narration text is empty', false);
    const voice = input.voice?.trim() || this.opts.defaultVoice || DEFAULT_ESPEAK_VOICE;
    if (!VOICE_ID.test(voice)) throw new ProviderError(`Invalid espeak-ng voice id: ${voice}`, false);

    let wav: Buffer;
    try {
      const rate = String(espeakRate(input.speed));
      const espeak = this.opts.espeak ?? espeakProcess();
      const run = await espeak.run(['-b', '1', '-v', voice, '-s', rate, '-w', '/out.wav', '-f', '/in.txt'], {
        files: { '/in.txt': text },
        readBack: '/out.wav',
        signal,
        // A narration of work that yields the cores is spoken niced, as a Piper one is.
        niceness: mediaNiceness('narration', input.yieldCpu),
      });
      wav = Buffer.from(run.file!);
    } catch (err) {
      throwIfAborted(signal);
      const detail = err instanceof Error ? err.message : String(err);
      throw new ProviderError(`espeak-ng could not synthesise speech: ${detail}`, false, { cause: err });
    }

    // The CLI build reports no word events: the words are spread over the measured speech.
    return storeWavSpeech(
      wav,
      outPath,
      {
        text,
        provider: 'espeak',
        voice,
        empty: { message: 'espeak-ng produced no audio', retryable: false },
      },
      signal,
    );
  }
}
