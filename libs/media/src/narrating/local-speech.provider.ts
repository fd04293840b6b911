import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../common/atomic-file';
import { ProviderError, throwIfAborted } from '../common/media.errors';
import type { GeneratedSpeech, SpeechInput, SpeechProvider } from '../common/media.types';
import { tidyWhitespace } from '../common/text';
import { parseWavHeader } from './wav';

export const DEFAULT_ESPEAK_VOICE = 'en';

// espeak voice ids: "en", "en-us", "en-gb-x-rp", "fr+f3". Also keeps option-like strings out of argv.
const VOICE_ID = /^[a-z]{2,8}(?:-[a-z0-9]+)*(?:\+[a-z0-9]+)?$/i;

type ESpeakFactory = typeof import('espeak-ng').default;

interface ESpeakRuntime {
  factory: ESpeakFactory;
  /** Compiled once per process; every synthesis instantiates it afresh. */
  wasm: unknown;
}

// The project compiles without DOM typings, which is where TypeScript declares WebAssembly.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<unknown>;
  instantiate(module: unknown, imports: unknown): Promise<unknown>;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let runtime: Promise<ESpeakRuntime> | undefined;

function loadRuntime(): Promise<ESpeakRuntime> {
  runtime ??= (async () => {
    const mod = await import('espeak-ng');
    const factory = (mod.default ?? mod) as ESpeakFactory;
    let wasm: unknown;
    try {
      const wasmPath = path.join(path.dirname(require.resolve('espeak-ng')), 'espeak-ng.wasm');
      wasm = await WebAssemblyApi.compile(await readFile(wasmPath));
    } catch {
      // The Emscripten loader can still find and compile the file itself, only slower.
      wasm = undefined;
    }
    return { factory, wasm };
  })().catch((err) => {
    runtime = undefined;
    throw err;
  });
  return runtime;
}

/**
 * Offline narration with espeak-ng compiled to WebAssembly. The Emscripten build runs its
 * command-line main() once per instance, so each call gets a fresh instance with its own
 * in-memory file system: the text goes in as a file (never as an argument, so text starting
 * with "-" is not read as an option) and the WAV comes out of that file system.
 */
export class LocalSpeechProvider implements SpeechProvider {
  constructor(private readonly opts: { defaultVoice?: string } = {}) {}

  async synthesize(input: SpeechInput, outPath: string, signal?: AbortSignal): Promise<GeneratedSpeech> {
    throwIfAborted(signal);
    const text = tidyWhitespace(input.text ?? '');
    if (text === '') throw new ProviderError('Narration text is empty', false);
    const voice = input.voice?.trim() || this.opts.defaultVoice || DEFAULT_ESPEAK_VOICE;
    if (!VOICE_ID.test(voice)) throw new ProviderError(`Invalid espeak-ng voice id: ${voice}`, false);

    const { factory, wasm } = await loadRuntime();
    throwIfAborted(signal);
    const errors: string[] = [];
    let status = 0;
    let wav: Buffer;
    try {
      // A failed instantiation never settles the Emscripten ready promise, hence the race.
      let failInstantiation: (err: unknown) => void = () => {};
      const instantiationFailed = new Promise<never>((_, reject) => {
        failInstantiation = reject;
      });
      const instance = await Promise.race([
        factory({
          arguments: ['-b', '1', '-v', voice, '-w', '/out.wav', '-f', '/in.txt'],
          preRun: [(m) => m.FS.writeFile('/in.txt', text)],
          instantiateWasm: wasm
            ? (imports, receive) => {
                WebAssemblyApi.instantiate(wasm, imports).then(
                  (instance) => receive(instance, wasm),
                  failInstantiation,
                );
                return {};
              }
            : undefined,
          print: () => {},
          printErr: (line) => errors.push(line),
          quit: (code, toThrow) => {
            status = code;
            throw toThrow;
          },
        }),
        instantiationFailed,
      ]);
      if (status !== 0) throw new Error(errors[0] ?? `exit status ${status}`);
      wav = Buffer.from(instance.FS.readFile('/out.wav'));
    } catch (err) {
      const detail = errors[0] ?? (err instanceof Error ? err.message : String(err));
      throw new ProviderError(`espeak-ng could not synthesise speech: ${detail}`, false, { cause: err });
    }

    const info = parseWavHeader(wav, wav.length);
    if (info.dataBytes === 0) throw new ProviderError('espeak-ng produced no audio', false);
    throwIfAborted(signal);
    await writeFileAtomic(outPath, wav);
    return { path: outPath, durationSeconds: info.durationSeconds, mimeType: 'audio/wav' };
  }
}
