/**
 * The espeak-ng program: a process of its own that runs the espeak-ng command line (its
 * WebAssembly build, GPL-3.0-or-later) for the service, which talks to it only through this
 * process's stdin and stdout, one JSON line per request and per answer. Started by
 * espeak-runtime.ts; ends when its stdin closes (the service closed it, or is gone).
 * docs/decisions/0056-licence-and-provenance.md.
 *
 * Request:  {"id":1,"args":["-v","en",…],"files":{"/in.txt":"…"},"readBack":"/out.wav"}
 *           {"id":1,"cancel":true}   ends that run's thread at once (no answer follows)
 * Answer:   {"id":1,"status":0,"stdout":[…],"errors":[…],"file":"<base64>"}
 *           {"id":1,…,"failure":"…"} when the run could not complete
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';

// The project compiles without DOM typings, which is where TypeScript declares WebAssembly.
interface WasmApi {
  compile(bytes: Uint8Array): Promise<unknown>;
}
const WebAssemblyApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface Request {
  id: number;
  args?: string[];
  files?: Record<string, string>;
  readBack?: string;
  cancel?: boolean;
}

interface ThreadResult {
  status: number;
  stdout: string[];
  errors: string[];
  file?: Uint8Array;
  failure?: string;
}

/**
 * The body of a run's thread. The Emscripten build runs its main() once per instance: the thread
 * instantiates the shared module, writes the input files into the instance's in-memory file
 * system, runs main() and posts back stdout, stderr, the exit status and the file asked for. A
 * thread per run lets runs proceed side by side and hands the instance's memory (~20 MB: the
 * voice data is copied into each instance) back when the thread ends.
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

const loaderPath = require.resolve('espeak-ng');
let compiled: Promise<unknown> | undefined;
// Compiled once, on the first request, and shared with every run's thread.
const wasmModule = () =>
  (compiled ??= readFile(path.join(path.dirname(loaderPath), 'espeak-ng.wasm')).then((bytes) =>
    WebAssemblyApi.compile(bytes),
  ));

const threads = new Map<number, Worker>();

function answer(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function run(req: Request): Promise<void> {
  let wasm: unknown;
  try {
    wasm = await wasmModule();
  } catch (err) {
    answer({
      id: req.id,
      status: 0,
      stdout: [],
      errors: [],
      failure: String((err as Error)?.message ?? err),
    });
    return;
  }
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { loaderPath, wasm, args: req.args ?? [], files: req.files ?? {}, readBack: req.readBack },
    execArgv: [],
  });
  threads.set(req.id, thread);
  let result: ThreadResult | undefined;
  thread.once('message', (m: ThreadResult) => (result = m));
  thread.once(
    'error',
    (err) => (result ??= { status: 0, stdout: [], errors: [], failure: String(err.message) }),
  );
  // Every message the thread posted arrives before 'exit'.
  thread.once('exit', (code) => {
    const cancelled = !threads.delete(req.id);
    if (cancelled) return;
    const r = result ?? {
      status: 0,
      stdout: [],
      errors: [],
      failure: `the espeak-ng thread ended with exit code ${code} and no result`,
    };
    answer({
      id: req.id,
      status: r.status,
      stdout: r.stdout,
      errors: r.errors,
      ...(r.file ? { file: Buffer.from(r.file).toString('base64') } : {}),
      ...(r.failure !== undefined ? { failure: r.failure } : {}),
    });
  });
}

createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })
  .on('line', (line) => {
    if (line.trim() === '') return;
    const req = JSON.parse(line) as Request;
    if (req.cancel) {
      const thread = threads.get(req.id);
      threads.delete(req.id);
      void thread?.terminate();
      return;
    }
    void run(req);
  })
  .on('close', () => {
    // The service closed stdin, or is gone: stop whatever still runs and leave.
    for (const thread of threads.values()) void thread.terminate();
    process.exit(0);
  });
