import { writeFileAtomic } from '../common/atomic-file';
import { ProviderError, throwIfAborted } from '../common/media.errors';
import type { GeneratedSpeech, SpeechInput, SpeechProvider } from '../common/media.types';
import { tidyWhitespace } from '../common/text';
import type { CatalogueVoice } from '../common/voices';
import { runEspeak } from './espeak-runtime';
import { espeakCatalogue } from './espeak-voices';
import { PiperSpeechProvider } from './piper/piper-speech.provider';
import { parseWavHeader } from './wav';

export const DEFAULT_ESPEAK_VOICE = 'en';

// espeak voice ids: "en", "en-us", "en-gb-x-rp", "fr+f3". Also keeps option-like strings out of argv.
const VOICE_ID = /^[a-z]{2,8}(?:-[a-z0-9]+)*(?:\+[a-z0-9]+)?$/i;

/**
 * Offline narration: the installed Piper voices (neural, listed first) when `voicesDir` is given,
 * and espeak-ng compiled to WebAssembly for every language. A voice id names one or the other.
 */
export class LocalSpeechProvider implements SpeechProvider {
  private readonly piper?: PiperSpeechProvider;

  constructor(private readonly opts: { defaultVoice?: string; voicesDir?: string; piper?: boolean } = {}) {
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
      const run = await runEspeak(['-b', '1', '-v', voice, '-w', '/out.wav', '-f', '/in.txt'], {
        files: { '/in.txt': text },
        readBack: '/out.wav',
        signal,
      });
      wav = Buffer.from(run.file!);
    } catch (err) {
      throwIfAborted(signal);
      const detail = err instanceof Error ? err.message : String(err);
      throw new ProviderError(`espeak-ng could not synthesise speech: ${detail}`, false, { cause: err });
    }

    const info = parseWavHeader(wav, wav.length);
    if (info.dataBytes === 0) throw new ProviderError('espeak-ng produced no audio', false);
    throwIfAborted(signal);
    await writeFileAtomic(outPath, wav);
    return {
      path: outPath,
      durationSeconds: info.durationSeconds,
      mimeType: 'audio/wav',
      words: [],
      provider: 'espeak',
      voice,
    };
  }
}
