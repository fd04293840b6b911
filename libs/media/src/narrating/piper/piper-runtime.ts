import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { THREAD_NICENESS_SOURCE } from '../../common/thread-niceness';

/**
 * The ONNX runtime on a thread of its own. onnxruntime-node's `InferenceSession.create` and
 * `run` look asynchronous but do their work synchronously on the calling thread (in a
 * setImmediate): on the worker's main thread a session load held the event loop for 8 s and a
 * sentence for 3 s on a busy machine, long enough to miss the activity's 10 s heartbeat. Each
 * runtime thread holds one session per voice for the process's life and runs one sentence per
 * message; the first starts on the first Piper synthesis, so a process that never speaks with
 * Piper never loads the runtime.
 */

/**
 * The slots of the Int32Array a runtime thread shares with the main thread: the niceness lent to
 * its sentence in hand (NO_LOAN: none), whether it may renice its threads (1) and the niceness it
 * started with, then how many thread ids follow and the ids: its own and its sessions' op threads.
 */
const LENT = 0;
const RENICE = 1;
const BASE = 2;
const COUNT = 3;
const TIDS = 4;
const NICE_SLOTS = TIDS + 16;
const NO_LOAN = -1;

/** The body of the thread (plain JavaScript: run as it is, from the sources or the build). */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const os = require('node:os');
const ort = require(workerData.ortPath);
const sessions = new Map();
// The niceness a sentence asks for goes to this thread and the op threads its sessions started
// (Linux: a thread's niceness is its own). Only where it can also be lowered again (root, or
// RLIMIT_NICE), or a thread once niced for a sentence that yields would stay so for every later one.
// Shared with the process's main thread (NICE_SLOTS): the threads' ids, and the niceness a more
// urgent sentence that waits lends the one in hand, which the main thread applies while this
// thread is busy speaking.
const shared = new Int32Array(workerData.shared);
const tasks = () => { try { return fs.readdirSync('/proc/self/task').map(Number); } catch { return []; } };
const comm = (t) => { try { return fs.readFileSync('/proc/self/task/' + t + '/comm', 'utf8').trim(); } catch { return ''; } };
// A sentence never runs below the niceness the thread started with (base).
${THREAD_NICENESS_SOURCE}
const reniced = new Set(own ? [own] : []);
function publish() {
  const ids = [...reniced].slice(0, shared.length - ${TIDS});
  ids.forEach((t, i) => Atomics.store(shared, ${TIDS} + i, t));
  Atomics.store(shared, ${COUNT}, ids.length);
}
Atomics.store(shared, ${BASE}, base);
publish();
Atomics.store(shared, ${RENICE}, mayLower ? 1 : 0);
function apply(want) { for (const t of reniced) { try { os.setPriority(t, want); } catch {} } }
// Applied on every sentence: the main thread may have lowered the threads for the one before.
// Read again after applying: a niceness lent meanwhile was either seen here or is applied by the
// main thread after this.
function niceFor(asked) {
  if (!mayLower) return;
  const lent = Atomics.load(shared, ${LENT});
  const want = Math.min(19, Math.max(base, lent >= 0 ? Math.min(asked, lent) : asked));
  apply(want);
  const again = Atomics.load(shared, ${LENT});
  if (again >= 0 && again < want) apply(Math.max(base, again));
}
parentPort.on('message', async (m) => {
  try {
    let load = sessions.get(m.model);
    if (!load) {
      const before = new Set(tasks());
      load = ort.InferenceSession.create(m.model, m.options);
      sessions.set(m.model, load);
      load.then(() => {
        // The session's op threads: the threads this one started while it made the session.
        const name = comm(own);
        for (const t of tasks()) if (!before.has(t) && comm(t) === name) reniced.add(t);
        publish();
      }, () => sessions.delete(m.model));
    }
    const session = await load;
    niceFor(m.niceness || 0);
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
  /**
   * Where the sentence stands beside others the process has to speak: lower goes to a free
   * runtime thread first, equal ones in the order they came. The narration's place in the media
   * queue (its priority key); none counts as 0.
   */
  priority?: number;
  /**
   * Among sentences of one priority, a heavier one goes first (its narration's fairness weight,
   * how far its video is; docs/decisions/0085-fair-within-a-rank.md); none counts as 1.
   */
  weight?: number;
  /**
   * Scheduling niceness of the runtime's threads while they speak it (0–19; docs/decisions/0084-the-media-first-lane.md):
   * a narration of work that yields the CPU (its priority key past an account's only video) lets
   * any other piece have the cores first. Never below the niceness the runtime thread started with;
   * applied only where the process may lower it again.
   */
  niceness?: number;
}

type Pending = { resolve: (audio: Float32Array) => void; reject: (err: Error) => void };
type RuntimeThread = {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Shared with the thread (NICE_SLOTS). */
  nice: Int32Array;
  /** The niceness its sentence in hand runs at (asked or lent). */
  inHand: number;
};
type Waiting = {
  id: number;
  priority: number;
  weight: number;
  niceness: number;
  message: Record<string, unknown>;
  pending: Pending;
};

/**
 * The options a runtime thread makes its session with, beside its op threads (opThreads): the
 * runtime's own threads sleep rather than spin while they wait (spinning took half again the CPU
 * on a busy machine); no memory pattern, which held about 50–75 MB more at a sentence's peak and
 * saved no time. The CPU arena stays on: without it a sentence's peak was higher. Figures:
 * docs/decisions/0071-where-the-media-worker-memory-goes.md. Exported for bench/media-memory.ts,
 * which compares settings (and may set the op threads).
 */
export const piperSessionOptions: Record<string, unknown> = {
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  enableMemPattern: false,
  extra: { session: { intra_op: { allow_spinning: '0' } } },
};

const threads: RuntimeThread[] = [];
/** Sentences no runtime thread has taken yet, most urgent first. */
const waiting: Waiting[] = [];
let nextId = 0;
let started = false;

/** Whether this process has started the ONNX runtime (a spec checks the api never does). */
export function piperRuntimeLoaded(): boolean {
  return started;
}

/** How many runtime threads the process has running now. */
export function piperRuntimeThreads(): number {
  return threads.length;
}

/**
 * How many runtime threads the process keeps, each with one session per voice it has spoken
 * with: one (`PIPER_THREADS` sets it, 1–8); a sentence still uses every core, through the
 * session's own intra-op threads. A thread costs a session (about 105 MB for a medium voice) and
 * working memory that grows with the longest sentence it has spoken (about 25 MB a second of
 * audio): a thread per core took the media worker past its memory budget
 * (docs/decisions/0071-where-the-media-worker-memory-goes.md).
 */
export function piperThreadCount(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.PIPER_THREADS);
  const n = Number.isInteger(set) && set > 0 ? set : 1;
  return Math.min(8, Math.max(1, n));
}

/**
 * The op threads of each runtime's session: the cores shared among the runtime threads, so one
 * sentence spoken alone uses every core and several threads do not ask for more than there are.
 */
function opThreads(): number {
  return Math.max(1, Math.floor(Math.min(8, os.availableParallelism()) / piperThreadCount()));
}

function startThread(): RuntimeThread {
  const nice = new Int32Array(new SharedArrayBuffer(NICE_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  nice[LENT] = NO_LOAN;
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { ortPath: require.resolve('onnxruntime-node'), shared: nice.buffer },
    // Plain JavaScript: none of the process's preloads (a TypeScript loader in development).
    execArgv: [],
  });
  // Idle, it does not keep the process alive; a request in flight does (see runPiper).
  worker.unref();
  started = true;
  const current: RuntimeThread = { worker, pending: new Map(), nice, inHand: 0 };
  const fail = (err: Error) => {
    const at = threads.indexOf(current);
    if (at >= 0) threads.splice(at, 1);
    for (const p of current.pending.values()) p.reject(err);
    current.pending.clear();
    dispatch();
  };
  worker.on('message', (m: { id: number; audio?: Float32Array; error?: string }) => {
    const p = current.pending.get(m.id);
    if (!p) return dispatch();
    current.pending.delete(m.id);
    if (current.pending.size === 0) worker.unref();
    if (m.audio) p.resolve(m.audio);
    else p.reject(new Error(m.error ?? 'the ONNX runtime returned nothing'));
    dispatch();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the ONNX runtime thread ended with exit code ${code}`)));
  threads.push(current);
  return current;
}

/**
 * An idle thread, or a new one while the count allows (threads start on demand, so a process
 * that speaks one sentence at a time has one); none while every thread has a sentence in hand.
 */
function freeThread(): RuntimeThread | undefined {
  return (
    threads.find((t) => t.pending.size === 0) ??
    (threads.length < piperThreadCount() ? startThread() : undefined)
  );
}

/**
 * Hands the most urgent waiting sentences to free threads. A thread holds one sentence at a
 * time, so a narration of a more urgent video (a draft, an account's only video) that arrives
 * while another narration is being spoken waits for the sentence in hand, not the narration
 * (docs/decisions/0078-voice-runtime-queue-by-priority.md).
 */
function dispatch(): void {
  while (waiting.length > 0) {
    const thread = freeThread();
    if (!thread) return;
    const next = waiting.shift()!;
    thread.pending.set(next.id, next.pending);
    Atomics.store(thread.nice, LENT, NO_LOAN);
    thread.inHand = next.niceness;
    thread.worker.ref();
    thread.worker.postMessage(next.message);
  }
}

/**
 * One sentence through the voice's model, on a free runtime thread, most urgent first: its audio
 * as float samples. An abort rejects at once (a sentence in flight finishes on its thread and is
 * dropped; one still waiting is taken out).
 */
export function runPiper(req: PiperRequest, signal?: AbortSignal): Promise<Float32Array> {
  signal?.throwIfAborted();
  const id = nextId++;
  const { priority = 0, weight = 1, ...request } = req;
  return new Promise<Float32Array>((resolve, reject) => {
    const abort = () => {
      const at = waiting.findIndex((w) => w.id === id);
      if (at >= 0) waiting.splice(at, 1);
      for (const t of threads) {
        if (t.pending.delete(id) && t.pending.size === 0) t.worker.unref();
      }
      reject(signal!.reason);
      dispatch();
    };
    const done = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    const entry: Waiting = {
      id,
      priority,
      weight,
      niceness: request.niceness ?? 0,
      message: { id, ...request, options: { intraOpNumThreads: opThreads(), ...piperSessionOptions } },
      pending: {
        resolve: (a) => {
          done();
          resolve(a);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      },
    };
    // After every waiting sentence of a more urgent priority, and of the same one and as heavy or
    // heavier.
    const at = waiting.findIndex(
      (w) => w.priority > priority || (w.priority === priority && w.weight < weight),
    );
    waiting.splice(at < 0 ? waiting.length : at, 0, entry);
    dispatch();
    if (waiting.includes(entry)) lendNiceness(entry.niceness);
  });
}

/**
 * A sentence that has to wait for the sentences in hand lends them its niceness where it is
 * lower: a narration of an account's only video waits for the sentence in hand, not for that
 * sentence niced behind every other piece (docs/decisions/0085-fair-within-a-rank.md). Applied
 * here to the thread's ids while it speaks (a Linux thread's niceness is its own, and the thread
 * is busy in the runtime), and read by the thread when it starts the sentence; undone by the next
 * sentence.
 */
function lendNiceness(niceness: number): void {
  for (const t of threads) {
    if (t.pending.size === 0 || t.inHand <= niceness) continue;
    t.inHand = niceness;
    Atomics.store(t.nice, LENT, niceness);
    if (Atomics.load(t.nice, RENICE) !== 1) continue;
    const want = Math.max(Atomics.load(t.nice, BASE), niceness);
    const count = Atomics.load(t.nice, COUNT);
    for (let i = 0; i < count; i++) {
      try {
        os.setPriority(Atomics.load(t.nice, TIDS + i), want);
      } catch {
        // A thread that ended meanwhile.
      }
    }
  }
}
