import { readFile } from 'node:fs/promises';
import path from 'node:path';

type ESpeakFactory = typeof import('espeak-ng').default;

interface ESpeakRuntime {
  factory: ESpeakFactory;
  /** Compiled once per process; every run instantiates it afresh. */
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

export interface EspeakRun {
  /** Lines espeak-ng printed on stdout. */
  stdout: string[];
  /** The file named by `readBack`, from the run's in-memory file system. */
  file?: Uint8Array;
}

/**
 * Runs the espeak-ng command line once. The Emscripten build runs its main() once per instance,
 * so each call gets a fresh instance with its own in-memory file system: input goes in as files
 * (never as arguments, so text starting with "-" is not read as an option) and output files come
 * out of that file system. Rejects with espeak-ng's first error line.
 */
export async function runEspeak(
  args: string[],
  opts: { files?: Record<string, string>; readBack?: string } = {},
): Promise<EspeakRun> {
  const { factory, wasm } = await loadRuntime();
  const stdout: string[] = [];
  const errors: string[] = [];
  let status = 0;
  try {
    // A failed instantiation never settles the Emscripten ready promise, hence the race.
    let failInstantiation: (err: unknown) => void = () => {};
    const instantiationFailed = new Promise<never>((_, reject) => {
      failInstantiation = reject;
    });
    const instance = await Promise.race([
      factory({
        arguments: args,
        preRun: [
          (m) => {
            for (const [file, data] of Object.entries(opts.files ?? {})) m.FS.writeFile(file, data);
          },
        ],
        instantiateWasm: wasm
          ? (imports, receive) => {
              WebAssemblyApi.instantiate(wasm, imports).then(
                (instance) => receive(instance, wasm),
                failInstantiation,
              );
              return {};
            }
          : undefined,
        print: (line) => stdout.push(line),
        printErr: (line) => errors.push(line),
        quit: (code, toThrow) => {
          status = code;
          throw toThrow;
        },
      }),
      instantiationFailed,
    ]);
    if (status !== 0) throw new Error(errors[0] ?? `exit status ${status}`);
    return { stdout, file: opts.readBack ? instance.FS.readFile(opts.readBack) : undefined };
  } catch (err) {
    throw new Error(errors[0] ?? (err instanceof Error ? err.message : String(err)), { cause: err });
  }
}
