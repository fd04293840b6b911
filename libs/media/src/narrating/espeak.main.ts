/**
 * The espeak-ng program: a process of its own that runs the espeak-ng command line (its
 * WebAssembly build, GPL-3.0-or-later) for the service, which talks to it only through this
 * process's stdin and stdout, one JSON line per request and per answer. Started by
 * espeak-runtime.ts; ends when its stdin closes (the service closed it, or is gone).
 * docs/decisions/0056-licence-and-provenance.md.
 *
 * Request:  {"id":1,"args":["-v","en",…],"files":{"/in.txt":"…"},"readBack":"/out.wav","niceness":10}
 *           {"id":1,"cancel":true}   ends that run's thread at once (no answer follows)
 * Answer:   {"id":1,"status":0,"stdout":[…],"errors":[…],"file":"<base64>"}
 *           {"id":1,…,"failure":"…"} when the run could not complete
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { THREAD_NICENESS_SOURCE } from '../common/thread-niceness';

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
  /** The run's scheduling niceness (0–19; none: the process's own). */
  niceness?: number;
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
 * The body of a run's thread. The Emscripten build runs its main() once per instance, so every
 * run has an instance of its own, on a thread of its own: runs proceed side by side, and the
 * instance's memory (~20 MB: the voice data is copied into each instance) goes back when the
 * thread ends. The thread makes its instance before it has a run to do (`noInitialRun`: the
 * runtime starts, the embedded data files are laid out, main() waits), so the process keeps one
 * such thread ready and a run only writes its input files, calls main() and posts back stdout,
 * stderr, the exit status and the file asked for. Making an instance took about 0.15–0.2 s of a
 * run's 0.23 s, most of it Emscripten's file-system errors (looked-up paths that do not exist yet)
 * each capturing a stack trace; the thread takes none
 * (docs/decisions/0081-espeak-instance-made-ahead.md).
 *
 * A run goes at its narration's niceness (a Linux thread's niceness is its own, and the thread
 * serves one run): the phonemes of work that yields the cores yield them too. The instance made
 * ahead is made at the niceness of the run it follows where the thread may lower its niceness
 * again (root, `CAP_SYS_NICE` or `RLIMIT_NICE`), and the run that takes it sets its own as soon as
 * it is handed over; elsewhere at the process's niceness, which a run only raises
 * (docs/decisions/0093-espeak-runs-at-their-narration-niceness.md).
 */
const THREAD_SOURCE = `
Error.stackTraceLimit = 0;
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const fs = require('node:fs');
const os = require('node:os');
const { loaderPath, wasm, spareNiceness } = workerData;
const stdout = [];
const errors = [];
let status = 0;
${THREAD_NICENESS_SOURCE}
if (mayLower) { try { os.setPriority(own, Math.max(base, spareNiceness)); } catch {} }
// The run, once the process hands it over (the instance is made meanwhile); its niceness at once.
const request = new Promise((resolve) => parentPort.once('message', (m) => {
  if (own) {
    const want = Math.min(19, Math.max(base, Number(m.niceness) || 0));
    try { if (mayLower || want > base) os.setPriority(own, want); } catch {}
  }
  resolve(m);
}));
let exports;
(async () => {
  const mod = await import(pathToFileURL(loaderPath).href);
  const factory = mod.default || mod;
  const instance = await factory({
    noInitialRun: true,
    instantiateWasm: (imports, receive) => {
      const wasmInstance = new WebAssembly.Instance(wasm, imports);
      exports = wasmInstance.exports;
      return receive(wasmInstance, wasm);
    },
    print: (line) => stdout.push(line),
    printErr: (line) => errors.push(line),
    quit: (code, toThrow) => { status = code; throw toThrow; },
  });
  const { args, files, readBack } = await request;
  for (const [file, data] of Object.entries(files)) instance.FS.writeFile(file, data);
  // main(argc, argv) as Emscripten's callMain calls it: the strings and argv on the stack.
  const argv = ['espeak-ng', ...args];
  const onStack = (bytes) => {
    const at = exports.stackAlloc(bytes.length);
    new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
    return at;
  };
  const encoder = new TextEncoder();
  const pointers = argv.map((a) => onStack(encoder.encode(a + '\\0')));
  const table = new Uint32Array(pointers.length + 1);
  table.set(pointers);
  const argvAt = onStack(new Uint8Array(table.buffer));
  try {
    status = instance._main(argv.length, argvAt);
  } catch (err) {
    // exit() inside main() ends it through quit, which set the status.
    if (!err || err.name !== 'ExitStatus') throw err;
  }
  instance._fflush(0);
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

/** The thread the next run takes: its instance made, waiting for the run (see THREAD_SOURCE). */
let spare: Worker | undefined;

/** A thread making its instance at `niceness` (where a run may take its own back), then waiting. */
function startThread(wasm: unknown, niceness: number): Worker {
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { loaderPath, wasm, spareNiceness: niceness },
    execArgv: [],
  });
  // A spare that failed before it had a run is not taken: the next run starts another.
  thread.once('error', () => {
    if (spare === thread) spare = undefined;
  });
  return thread;
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
  // The next run is most likely of the same work as this one: its instance is made at this one's
  // niceness (a chain of an only video's narrations never waits for one made niced).
  const niceness = req.niceness ?? 0;
  const thread = spare ?? startThread(wasm, niceness);
  spare = startThread(wasm, niceness);
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
  thread.postMessage({
    args: req.args ?? [],
    files: req.files ?? {},
    readBack: req.readBack,
    niceness: req.niceness ?? 0,
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
    void spare?.terminate();
    process.exit(0);
  });
