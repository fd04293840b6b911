import { Worker } from 'node:worker_threads';

/**
 * The ONNX runtime on a thread of its own. onnxruntime-node's `InferenceSession.create` and
 * `run` look asynchronous but do their work synchronously on the calling thread (in a
 * setImmediate): on the worker's main thread a session load held the event loop for 8 s and a
 * sentence for 3 s on a busy machine, long enough to miss the activity's 10 s heartbeat. This
 * thread holds one session per voice for the process's life and runs one sentence per message;
 * it starts on the first Piper synthesis, so a process that never speaks with Piper never loads
 * the runtime.
 */

/** The body of the thread (plain JavaScript: run as it is, from the sources or the build). */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.ortPath);
const sessions = new Map();
parentPort.on('message', async (m) => {
  try {
    let load = sessions.get(m.model);
    if (!load) {
      load = ort.InferenceSession.create(m.model, m.options);
      sessions.set(m.model, load);
      load.catch(() => sessions.delete(m.model));
    }
    const session = await load;
    const feeds = {
      input: new ort.Tensor('int64', BigInt64Array.from(m.ids, BigInt), [1, m.ids.length]),
      input_lengths: new ort.Tensor('int64', BigInt64Array.from([BigInt(m.ids.length)]), [1]),
      scales: new ort.Tensor('float32', Float32Array.from(m.scales), [3]),
    };
    if (m.sid !== undefined) feeds.sid = new ort.Tensor('int64', BigInt64Array.from([BigInt(m.sid)]), [1]);
    const out = await session.run(feeds);
    const audio = Float32Array.from(out[session.outputNames[0]].data);
    parentPort.postMessage({ id: m.id, audio }, [audio.buffer]);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

export interface PiperRequest {
  /** The voice's .onnx file: its session is made on first use and kept. */
  model: string;
  ids: number[];
  /** noise_scale, length_scale, noise_w. */
  scales: [number, number, number];
  sid?: number;
}

type Pending = { resolve: (audio: Float32Array) => void; reject: (err: Error) => void };

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 0;
let started = false;

/** Whether this process has started the ONNX runtime (a spec checks the api never does). */
export function piperRuntimeLoaded(): boolean {
  return started;
}

function runtimeThread(): NonNullable<typeof thread> {
  if (thread) return thread;
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { ortPath: require.resolve('onnxruntime-node') },
    // Plain JavaScript: none of the process's preloads (a TypeScript loader in development).
    execArgv: [],
  });
  // Idle, it does not keep the process alive; a request in flight does (see `track`).
  worker.unref();
  started = true;
  const pending = new Map<number, Pending>();
  const current = { worker, pending };
  const fail = (err: Error) => {
    if (thread === current) thread = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (m: { id: number; audio?: Float32Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.audio) p.resolve(m.audio);
    else p.reject(new Error(m.error ?? 'the ONNX runtime returned nothing'));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the ONNX runtime thread ended with exit code ${code}`)));
  thread = current;
  return current;
}

/**
 * One sentence through the voice's model, on the runtime's thread: its audio as float samples.
 * An abort rejects at once (the sentence in flight finishes on the thread and is dropped).
 */
export function runPiper(req: PiperRequest, signal?: AbortSignal): Promise<Float32Array> {
  signal?.throwIfAborted();
  const { worker, pending } = runtimeThread();
  const id = nextId++;
  return new Promise<Float32Array>((resolve, reject) => {
    const abort = () => {
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      reject(signal!.reason);
    };
    const done = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    pending.set(id, {
      resolve: (a) => {
        done();
        resolve(a);
      },
      reject: (e) => {
        done();
        reject(e);
      },
    });
    worker.ref();
    worker.postMessage({
      id,
      ...req,
      // One thread inside the runtime: the sentences of narrations made at the same time queue
      // on this thread, and the other cores stay with ffmpeg and the pictures.
      options: { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' },
    });
  });
}
