import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ActivityNotFoundError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Logger } from '@vidgen/core';
import { WORKER_LOST_FAILURE_TYPE } from '@vidgen/workflows';
import type { WorkerInstance } from './worker-instance';

/** How long a worker's file may stay unchanged before other workers take its attempts as lost. */
export const DEFAULT_LEASE_MS = 5000;
/**
 * The filesystems (statfs magic numbers) that only one kernel mounts: local disks, memory and
 * overlays. A socket file on them is bound by a process of the kernel its reader runs on, so a
 * refused connection proves its owner is gone. On anything else (NFS, SMB, FUSE, 9p, cluster
 * filesystems) another host's live worker would refuse too: there, only the lease decides.
 */
const LOCAL_FILESYSTEMS: ReadonlySet<number> = new Set([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0x2fc12fc1, // zfs
  0xf2f52010, // f2fs
]);

/** Whether a filesystem of this statfs type lives on one machine only (LOCAL_FILESYSTEMS). */
export function isLocalFilesystem(type: number): boolean {
  return LOCAL_FILESYSTEMS.has(type);
}

/** The longest socket path every Linux and macOS accepts (sun_path, with its terminating NUL). */
const MAX_SOCKET_PATH = 103;

/** A file claiming a longer lease than this is not one this code wrote. */
const MAX_LEASE_MS = 10 * 60_000;
/** How long a takeover keeps trying to fail the attempts of a file when Temporal does not answer. */
const TAKEOVER_RETRY_MS = 30_000;

/** What a worker process's file says: who holds the attempts (task tokens, base64), and its lease. */
export interface LeaseFile {
  instance: string;
  /** Where it runs, for people: never used to judge it. */
  host: string;
  pid: number;
  /** The owner rewrites the file at least this often while it holds attempts. */
  lease_ms: number;
  /** Grows at each rewrite, so a live owner's file never reads the same twice in a lease. */
  beat: number;
  tokens: string[];
  /**
   * A Unix socket in the same folder (its file name) the owner listens on for its whole life,
   * where the folder is on a local filesystem: a reader on such a filesystem that finds no one
   * listening there knows the owner is gone without waiting out the lease.
   */
  socket?: string;
}

/** The file's lease, or why it is not one. */
export function parseLeaseFile(text: string): LeaseFile | { malformed: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { malformed: 'not JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { malformed: 'not an object' };
  const f = value as Partial<Record<keyof LeaseFile, unknown>>;
  if (typeof f.instance !== 'string' || f.instance === '') return { malformed: 'no instance id' };
  if (typeof f.lease_ms !== 'number' || !(f.lease_ms > 0 && f.lease_ms <= MAX_LEASE_MS))
    return { malformed: 'no valid lease_ms' };
  if (!Array.isArray(f.tokens) || !f.tokens.every((t) => typeof t === 'string'))
    return { malformed: 'tokens is not a list of task tokens' };
  if (f.socket !== undefined && (typeof f.socket !== 'string' || !/^[\w.-]+\.sock$/.test(f.socket)))
    return { malformed: 'socket is not a socket file name' };
  return value as LeaseFile;
}

/** What a reader saw of one file, on its own clock. */
interface Sighting {
  /** The file's content (a .tmp file: its size and modification time). */
  content: string;
  /** When this reader first saw that content. */
  since: number;
  /** When a takeover first failed to reach Temporal. */
  retryingSince?: number;
}

/**
 * The long activity attempts this worker process holds (media steps, scripts, renders: not the
 * bookkeeping, which heartbeat for 5 s, nor webhook deliveries), in a file of its own,
 * DATA_DIR/worker-attempts/<instance id>.json, that it rewrites at least every fifth of its lease
 * while it holds any. Every worker process sharing the DATA_DIR looks at the folder every second:
 * a file whose content has not changed for its lease, as measured on the reader's own monotonic
 * clock, belongs to a process that is gone, whatever host or pid namespace it ran in. Its attempts
 * are failed with WORKER_LOST_FAILURE_TYPE, so Temporal runs them again a few seconds after the
 * loss instead of after the 10 s heartbeat timeout. A task token names one attempt: one already
 * ended, timed out or run again elsewhere is not found and nothing happens to it. Without a file
 * (a disk error) the heartbeat timeout still catches the loss.
 * docs/decisions/0048-worker-instance-leases.md
 *
 * Where DATA_DIR is on a local filesystem, each process also listens on a Unix socket of its own
 * beside its file, for its whole life, and names it in the file. The kernel answers a connection
 * for a live process whatever its event loop is doing, and refuses one once the process is gone,
 * in any pid namespace; so a reader on the same kind of filesystem that finds no one listening
 * takes the attempts over at its next look, within about a second of the death instead of a lease
 * (docs/decisions/0091-a-dead-worker-known-by-its-socket.md).
 */
export class WorkerAttempts {
  readonly leaseMs: number;
  private readonly dir: string;
  private readonly fileName: string;
  private readonly file: string;
  private readonly tmp: string;
  private readonly now: () => number;
  private readonly tokens = new Set<string>();
  private beat = 0;
  private renewal: NodeJS.Timeout | undefined;
  private lastWrite: number | undefined;
  private writeFailed = false;
  private readonly seen = new Map<string, Sighting>();
  /** Whether the folder is on a local filesystem: sockets are listened on and probed only there. */
  private readonly local: boolean;
  /** This process's socket file name, given in its file while it listens there. */
  private readonly ownSocket: string;
  private listening = false;
  private server: net.Server | undefined;

  constructor(
    dataDir: string,
    private readonly client: Pick<Client, 'activity'>,
    private readonly log: Logger,
    private readonly instance: WorkerInstance,
    /** `sockets`: listen and probe (default: whether the folder is on a local filesystem). */
    options: { leaseMs?: number; now?: () => number; sockets?: boolean } = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.now = options.now ?? (() => performance.now());
    this.dir = path.join(dataDir, 'worker-attempts');
    this.fileName = `${instance.id}.json`;
    this.file = path.join(this.dir, this.fileName);
    this.tmp = `${this.file}.tmp`;
    mkdirSync(this.dir, { recursive: true });
    this.local = options.sockets ?? localFolder(this.dir);
    this.ownSocket = `${instance.id}.sock`;
    if (this.local) this.listen();
  }

  /**
   * Listens on this process's socket for its whole life (unreferenced: it keeps nothing alive),
   * and names it in the file from the next write on. Not named until it listens; on an error
   * (a path too long for a socket, a folder that refuses one) the lease alone speaks for it.
   */
  private listen(): void {
    const socketPath = path.join(this.dir, this.ownSocket);
    if (socketPath.length > MAX_SOCKET_PATH) return;
    const server = net.createServer((connection) => connection.destroy());
    server.on('error', (err) => {
      this.listening = false;
      this.log.warn(
        { err, socket: socketPath },
        'could not listen on the socket that shows this worker lives',
      );
    });
    server.listen(socketPath, () => {
      this.listening = true;
      if (this.tokens.size > 0) this.write();
    });
    server.unref();
    this.server = server;
  }

  /**
   * Puts an attempt's task token on file until the returned function is called
   * (interceptors/worker-attempts.interceptor.ts does it for each long attempt).
   */
  hold(token: string): () => void {
    this.tokens.add(token);
    this.write();
    return () => {
      this.tokens.delete(token);
      this.write();
    };
  }

  /** Rewrites this process's file (a new beat), or removes it when no attempt is held. */
  private write(): void {
    try {
      if (this.tokens.size === 0) {
        clearInterval(this.renewal);
        this.renewal = undefined;
        this.lastWrite = undefined;
        rmSync(this.file, { force: true });
        return;
      }
      if (!this.renewal) {
        this.renewal = setInterval(() => this.write(), this.leaseMs / 5);
        this.renewal.unref();
      }
      const now = this.now();
      if (this.lastWrite !== undefined && now - this.lastWrite >= this.leaseMs)
        this.log.warn(
          { silentMs: Math.round(now - this.lastWrite), leaseMs: this.leaseMs },
          'this worker renewed its attempts lease late: other workers may have failed its attempts as lost',
        );
      this.lastWrite = now;
      const body: LeaseFile = {
        instance: this.instance.id,
        host: this.instance.host,
        pid: this.instance.pid,
        lease_ms: this.leaseMs,
        beat: ++this.beat,
        tokens: [...this.tokens],
        ...(this.listening ? { socket: this.ownSocket } : {}),
      };
      writeFileSync(this.tmp, JSON.stringify(body));
      renameSync(this.tmp, this.file);
      this.writeFailed = false;
    } catch (err) {
      // A file that can no longer be renewed would soon read as a dead worker's: take it away.
      // Only the fast path is lost: the heartbeat timeout still catches this process's death.
      try {
        rmSync(this.file, { force: true });
      } catch {
        // Nothing more to do from here: the warning below says the file may be left behind.
      }
      if (!this.writeFailed) this.log.warn({ err }, 'could not record the attempts this worker holds');
      this.writeFailed = true;
    }
  }

  /**
   * Looks at every file of the folder once: fails the attempts of workers whose lease went stale
   * and removes their files, removes files nobody renews that cannot be read (reported once) and
   * leftover .tmp files. Returns how many attempts were failed.
   */
  async reclaim(): Promise<number> {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return 0;
    }
    const now = this.now();
    const listed = new Set(names);
    for (const name of this.seen.keys()) if (!listed.has(name)) this.seen.delete(name);
    let failed = 0;
    for (const name of names) {
      if (name === this.fileName || name === path.basename(this.tmp) || name === this.ownSocket) continue;
      try {
        failed += await this.look(name, now);
      } catch (err) {
        this.log.warn({ err, file: name }, 'could not look at a worker attempts file');
      }
    }
    return failed;
  }

  private async look(name: string, now: number): Promise<number> {
    const full = path.join(this.dir, name);
    if (name.endsWith('.sock')) return this.lookAtSocket(name, full);
    const leftover = name.endsWith('.tmp');
    if (!leftover && !name.endsWith('.json')) return 0;
    let content: string;
    try {
      if (leftover) {
        const s = statSync(full);
        content = `${s.ino}:${s.size}:${s.mtimeMs}`;
      } else content = readFileSync(full, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0; // renamed or removed meanwhile
      throw err;
    }
    let sighting = this.seen.get(name);
    const fresh = sighting?.content !== content;
    if (!sighting || fresh) {
      sighting = { content, since: now };
      this.seen.set(name, sighting);
    }
    const unchangedMs = now - sighting.since;
    if (leftover) {
      // A writer holds its .tmp for the moment between write and rename; one left is from a crash.
      if (unchangedMs >= this.leaseMs) this.remove(name, full, 'removed a leftover worker attempts file');
      return 0;
    }
    const lease = parseLeaseFile(content);
    if ('malformed' in lease) {
      if (fresh)
        this.log.warn(
          { file: name, reason: lease.malformed },
          'skipped a worker attempts file it cannot read',
        );
      if (unchangedMs >= this.leaseMs)
        this.remove(name, full, 'removed a worker attempts file it cannot read');
      return 0;
    }
    if (lease.instance === this.instance.id) return 0;
    if (unchangedMs >= lease.lease_ms) return this.takeOver(name, full, sighting, lease, now, 'lease');
    if (this.local && lease.socket && (await this.nobodyListens(lease.socket)))
      return this.takeOver(name, full, sighting, lease, now, 'socket');
    return 0;
  }

  /**
   * Whether nobody listens on a socket of the folder: true only when the kernel refuses the
   * connection (the file is there, its process is not). A connection, a missing file or any other
   * error says nothing, and the lease decides.
   */
  private nobodyListens(name: string): Promise<boolean> {
    return new Promise((resolve) => {
      const connection = net.connect(path.join(this.dir, name));
      connection.once('connect', () => {
        connection.destroy();
        resolve(false);
      });
      connection.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    });
  }

  /** Removes the socket file of a process that is gone and held no attempt (no file of its own). */
  private async lookAtSocket(name: string, full: string): Promise<number> {
    if (!this.local || existsSync(full.replace(/\.sock$/, '.json'))) return 0;
    if (await this.nobodyListens(name)) {
      rmSync(full, { force: true });
      this.log.info({ file: name }, 'removed the socket file of a worker that stopped');
    }
    return 0;
  }

  /** Fails the attempts of a file whose lease went stale, then removes it. */
  private async takeOver(
    name: string,
    full: string,
    sighting: Sighting,
    lease: LeaseFile,
    now: number,
    evidence: 'lease' | 'socket',
  ): Promise<number> {
    // Claimed by a rename, so two workers never act on one file, and read again: an owner that
    // renewed in the meantime is alive (it writes its file again at its next beat).
    const claimed = path.join(this.dir, `${name}.${this.instance.id}.claimed.tmp`);
    try {
      renameSync(full, claimed);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    this.seen.delete(name);
    if (readFileSync(claimed, 'utf8') !== sighting.content) {
      rmSync(claimed, { force: true });
      return 0;
    }
    // Gone: its socket goes with its file (the takeover below may put the file back for a retry).
    if (lease.socket) rmSync(path.join(this.dir, lease.socket), { force: true });
    const why =
      evidence === 'socket'
        ? 'nothing listens on its socket'
        : `its lease not renewed for ${Math.round((now - sighting.since) / 1000)} s`;
    let failed = 0;
    const unanswered: string[] = [];
    for (const token of lease.tokens) {
      const failure = ApplicationFailure.retryable(
        `the worker running this attempt stopped (worker ${lease.instance}, process ${lease.pid} on ${lease.host}: ${why})`,
        WORKER_LOST_FAILURE_TYPE,
      );
      try {
        await this.client.activity.fail(Buffer.from(token, 'base64'), failure);
        failed++;
      } catch (err) {
        // Not found: the attempt already ended, timed out or runs elsewhere. Anything else (Temporal
        // restarting): tried again at the next look, for as long as it can still help.
        if (!(err instanceof ActivityNotFoundError)) unanswered.push(token);
      }
    }
    const retryingSince = sighting.retryingSince ?? now;
    if (unanswered.length > 0 && now - retryingSince < TAKEOVER_RETRY_MS) {
      // Put back without its socket: what is left is retried on the lease's clock.
      const { socket: _gone, ...rest } = lease;
      writeFileSync(claimed, JSON.stringify({ ...rest, tokens: unanswered }));
      renameSync(claimed, full);
      this.seen.set(name, { content: readFileSync(full, 'utf8'), since: sighting.since, retryingSince });
    } else rmSync(claimed, { force: true });
    this.log.info(
      {
        instance: lease.instance,
        host: lease.host,
        pid: lease.pid,
        evidence,
        attempts: lease.tokens.length,
        failed,
        unanswered: unanswered.length,
      },
      'failed the attempts of a worker that stopped',
    );
    return failed;
  }

  private remove(name: string, full: string, message: string): void {
    rmSync(full, { force: true });
    this.seen.delete(name);
    this.log.info({ file: name }, message);
  }

  /** Looks for stopped workers now and every `everyMs`; returns the stop. */
  watch(everyMs = 1000): () => void {
    let busy = false;
    const look = () => {
      if (busy) return;
      busy = true;
      this.reclaim()
        .catch((err) => this.log.warn({ err }, 'could not look for stopped workers'))
        .finally(() => {
          busy = false;
        });
    };
    look();
    const timer = setInterval(look, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** On a clean stop: no attempt is held any more, and the socket goes (after the file). */
  close(): void {
    this.tokens.clear();
    this.write();
    const listened = this.listening;
    this.listening = false;
    this.server?.close();
    if (listened) rmSync(path.join(this.dir, this.ownSocket), { force: true });
  }
}

/** Whether a folder is on a filesystem only this machine mounts (isLocalFilesystem). */
function localFolder(dir: string): boolean {
  try {
    return isLocalFilesystem(statfsSync(dir).type);
  } catch {
    return false;
  }
}
