import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

// The project compiles without DOM typings, which is where TypeScript declares WebAssembly.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<unknown>;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface ESpeakRuntime {
  /** The Emscripten loader, imported by each run's thread. */
  loaderPath: string;
  /** The module, compiled once per process and shared with every run's thread. */
  wasm: unknown;
}

let runtime: Promise<ESpeakRuntime> | undefined;

function loadRuntime(): Promise<ESpeakRuntime> {
  runtime ??= (async () => {
    const loaderPath = require.resolve('espeak-ng');
    const wasm = await WebAssemblyApi.compile(
      await readFile(path.join(path.dirname(loaderPath), 'espeak-ng.wasm')),
    );
    return { loaderPath, wasm };
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

interface ThreadResult {
  status: number;
  stdout: string[];
  errors: string[];
  file?: Uint8Array;
  failure?: string;
}

/**
 * The body of a run's thread (plain JavaScript: the thread runs it as it is, from the sources or
 * the build). The Emscripten build runs its main() once per instance: the thread instantiates
 * the shared module, writes the input files into the instance's in-memory file system, runs
 * main() and posts back stdout, stderr, the exit status and the file asked for.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const { loaderPath, wasm, args, files, readBack } = workerData;
const stdout = [];
const errors = [];
let status = 0;
(async () => {
  const mod = await import(pathToFileURL(loaderPath).href);
  const factory = mod.default || mod;
  const instance = await factory({
    arguments: args,
    preRun: [(m) => { for (const [file, data] of Object.entries(files)) m.FS.writeFile(file, data); }],
    instantiateWasm: (imports, receive) => receive(new WebAssembly.Instance(wasm, imports), wasm),
    print: (line) => stdout.push(line),
    printErr: (line) => errors.push(line),
    quit: (code, toThrow) => { status = code; throw toThrow; },
  });
  const file = status === 0 && readBack ? instance.FS.readFile(readBack) : undefined;
  parentPort.postMessage({ status, stdout, errors, file }, file ? [file.buffer] : []);
})().catch((err) => {
  parentPort.postMessage({ status, stdout, errors, failure: String((err && err.message) || err) });
});
`;

/**
 * Runs the espeak-ng command line once, on a thread of its own: the synthesis does not hold up
 * the event loop, and the instance's memory (~20 MB: the voice data is copied into each
 * instance) is released when the thread ends instead of waiting for a collection. Input goes in
 * as files (never as arguments, so text starting with "-" is not read as an option) and output
 * files come out of the instance's file system. Rejects with espeak-ng's first error line; an
 * abort ends the thread at once.
 */
export async function runEspeak(
  args: string[],
  opts: { files?: Record<string, string>; readBack?: string; signal?: AbortSignal } = {},
): Promise<EspeakRun> {
  const { loaderPath, wasm } = await loadRuntime();
  opts.signal?.throwIfAborted();
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { loaderPath, wasm, args, files: opts.files ?? {}, readBack: opts.readBack },
    // Plain JavaScript: none of the process's preloads (a TypeScript loader in development).
    execArgv: [],
  });
  const result = await new Promise<ThreadResult>((resolve, reject) => {
    let message: ThreadResult | undefined;
    const abort = () => {
      reject(opts.signal!.reason);
      void thread.terminate();
    };
    opts.signal?.addEventListener('abort', abort, { once: true });
    thread.once('message', (m: ThreadResult) => (message = m));
    thread.once('error', (err) => reject(err));
    // Every message the thread posted arrives before 'exit'.
    thread.once('exit', (code) => {
      opts.signal?.removeEventListener('abort', abort);
      if (message) resolve(message);
      else reject(new Error(`the espeak-ng thread ended with exit code ${code} and no result`));
    });
  });
  if (result.status !== 0 || result.failure !== undefined)
    throw new Error(
      result.errors[0] ?? (result.status !== 0 ? `exit status ${result.status}` : result.failure),
    );
  return { stdout: result.stdout, file: result.file };
}
