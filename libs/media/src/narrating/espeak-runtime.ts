import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * espeak-ng (GPL-3.0-or-later) runs as a separate program in a process of its own
 * (espeak.main.ts), never inside the service's process: the service sends it a command line and
 * input files over its stdin and reads the output back from its stdout, as it would run the
 * espeak-ng command. One such process serves a whole service process; it starts on the first
 * run, runs each command on a thread of its own (runs proceed side by side), and ends when closed
 * or when the service goes (its stdin closes). docs/decisions/0056-licence-and-provenance.md.
 */

// Compiled (dist/…/narrating/espeak-runtime.js) the program is JavaScript beside this file; from
// the sources it is TypeScript, run through SWC as `npm start` runs the services.
const COMPILED = __filename.endsWith('.js');
const PROGRAM = path.join(__dirname, `espeak.main.${COMPILED ? 'js' : 'ts'}`);

export interface EspeakRun {
  /** Lines espeak-ng printed on stdout. */
  stdout: string[];
  /** The file named by `readBack`, from the run's in-memory file system. */
  file?: Uint8Array;
}

export interface EspeakRunOptions {
  files?: Record<string, string>;
  readBack?: string;
  signal?: AbortSignal;
  niceness?: number;
}

interface Answer {
  id: number;
  status: number;
  stdout: string[];
  errors: string[];
  /** base64 */
  file?: string;
  failure?: string;
}

type Pending = { resolve: (a: Answer) => void; reject: (err: Error) => void };

/** How long close() waits for the program to leave before killing it. */
const CLOSE_GRACE_MS = 5000;
/** The last bytes of the program's stderr kept for the error when it ends unexpectedly. */
const STDERR_KEPT = 2000;

export class EspeakProcess {
  private child?: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stderrTail = '';

  /** The program's pid while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Runs the espeak-ng command line once. Input goes in as files (never as arguments, so text
   * starting with "-" is not read as an option) and the file named by `readBack` comes back.
   * Rejects with espeak-ng's first error line; an abort rejects at once and ends the run.
   * `niceness` (0–19): the run's thread goes at it, never below the program's own.
   */
  async run(args: string[], opts: EspeakRunOptions = {}): Promise<EspeakRun> {
    opts.signal?.throwIfAborted();
    const child = this.started();
    const id = this.nextId++;
    const answer = await new Promise<Answer>((resolve, reject) => {
      const abort = () => {
        if (!this.pending.delete(id)) return;
        this.send(child, { id, cancel: true });
        this.idle(child);
        reject(opts.signal!.reason);
      };
      const done = () => opts.signal?.removeEventListener('abort', abort);
      opts.signal?.addEventListener('abort', abort, { once: true });
      this.pending.set(id, {
        resolve: (a) => {
          done();
          resolve(a);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      this.busy(child);
      this.send(child, {
        id,
        args,
        files: opts.files ?? {},
        readBack: opts.readBack,
        niceness: opts.niceness,
      });
    });
    if (answer.status !== 0 || answer.failure !== undefined)
      throw new Error(
        answer.errors[0] ?? (answer.status !== 0 ? `exit status ${answer.status}` : answer.failure),
      );
    return {
      stdout: answer.stdout,
      file: answer.file === undefined ? undefined : new Uint8Array(Buffer.from(answer.file, 'base64')),
    };
  }

  /** Ends the program (runs still in flight reject) and resolves once it has gone. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    this.failAll(new Error('the espeak-ng process was closed'));
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
    await gone;
    clearTimeout(timer);
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    const child = spawn(
      process.execPath,
      [...(COMPILED ? [] : ['-r', require.resolve('@swc-node/register')]), PROGRAM],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.stderrTail = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEPT);
    });
    // A write after the program died: its 'exit' rejects what was pending.
    child.stdin!.on('error', () => undefined);
    createInterface({ input: child.stdout!, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      const p = this.pending.get(answer.id);
      if (!p) return; // aborted meanwhile
      this.pending.delete(answer.id);
      this.idle(child);
      p.resolve(answer);
    });
    const ended = (why: string) => {
      if (this.child !== child) return;
      this.child = undefined;
      const detail = this.stderrTail.trim().split('\n').at(-1);
      this.failAll(new Error(`the espeak-ng process ${why}${detail ? `: ${detail}` : ''}`));
    };
    child.once('error', (err) => ended(`could not run (${err.message})`));
    child.once('exit', (code, signal) => ended(`ended with ${signal ?? `exit code ${code}`}`));
    this.idle(child);
    return child;
  }

  private send(child: ChildProcess, message: Record<string, unknown>): void {
    child.stdin!.write(`${JSON.stringify(message)}\n`);
  }

  private failAll(err: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }

  // While nothing is in flight the program and its pipes do not keep the service's process alive
  // (a script that spoke once can end); a run in flight does.
  private busy(child: ChildProcess): void {
    child.ref();
    for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as Refable | null)?.ref?.();
  }

  private idle(child: ChildProcess): void {
    if (this.pending.size > 0) return;
    child.unref();
    for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as Refable | null)?.unref?.();
  }
}

interface Refable {
  ref?(): void;
  unref?(): void;
}

let shared: EspeakProcess | undefined;

/** The process's espeak-ng program, started on its first run. */
export function espeakProcess(): EspeakProcess {
  shared ??= new EspeakProcess();
  return shared;
}

/** Runs the espeak-ng command line once, in the process's espeak-ng program. */
export function runEspeak(args: string[], opts: EspeakRunOptions = {}): Promise<EspeakRun> {
  return espeakProcess().run(args, opts);
}
