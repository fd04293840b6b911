import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ActivityNotFoundError } from '@temporalio/client';
import type { ApplicationFailure } from '@temporalio/common';
import { createLogger } from '@vidgen/core';
import { WORKER_LOST_FAILURE_TYPE } from '@vidgen/workflows';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLocalFilesystem, type LeaseFile, WorkerAttempts } from './worker-attempts';
import { newWorkerInstance, temporalIdentity, type WorkerInstance } from './worker-instance';

const LEASE = 5000;

/** A Temporal client whose activity.fail records each call; `answer` decides what it does. */
function fakeClient(answer: (token: string) => void = () => undefined) {
  const failed: { token: string; failure: ApplicationFailure }[] = [];
  const client = {
    activity: {
      fail: async (token: Uint8Array, failure: ApplicationFailure) => {
        const t = Buffer.from(token).toString('base64');
        answer(t);
        failed.push({ token: t, failure });
      },
    },
  };
  return { client: client as never, failed };
}

/** A logger whose lines are kept. */
function capturedLog() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const log = createLogger({ level: 'info', process: 'worker' }, { write: (l) => lines.push(JSON.parse(l)) });
  return { log, lines };
}

/** A world of worker processes over one DATA_DIR, on one clock the spec moves. */
const dataDirs: string[] = [];

function world() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-attempts-unit-'));
  dataDirs.push(dataDir);
  const dir = path.join(dataDir, 'worker-attempts');
  mkdirSync(dir);
  let clock = 1_000_000;
  const now = () => clock;
  // Without sockets unless asked: most specs here are about the lease alone.
  const worker = (
    options: { instance?: WorkerInstance; client?: ReturnType<typeof fakeClient>; sockets?: boolean } = {},
  ) => {
    const { client, failed } = options.client ?? fakeClient();
    const { log, lines } = capturedLog();
    const attempts = new WorkerAttempts(dataDir, client, log, options.instance ?? newWorkerInstance(), {
      leaseMs: LEASE,
      now,
      sockets: options.sockets ?? false,
    });
    return { attempts, failed, lines };
  };
  const files = () => readdirSync(dir).sort();
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as LeaseFile;
  const put = (name: string, body: unknown) =>
    writeFileSync(path.join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  return {
    dir,
    worker,
    files,
    read,
    put,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

/** A lease file as a worker elsewhere would have left it. */
function leaseOf(instance: string, tokens: string[], beat = 1): LeaseFile {
  return { instance, host: 'elsewhere', pid: 1, lease_ms: LEASE, beat, tokens };
}

const token = (s: string) => Buffer.from(s).toString('base64');

afterEach(() => {
  vi.useRealTimers();
  for (const d of dataDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the attempts file of a worker process', () => {
  it('is named by a random instance id: two processes that are both pid 1 on one host keep a file each', () => {
    const w = world();
    const first = w.worker({ instance: { id: 'a-instance', host: 'same', pid: 1 } });
    const second = w.worker({ instance: { id: 'b-instance', host: 'same', pid: 1 } });
    first.attempts.hold(token('one'));
    second.attempts.hold(token('two'));
    expect(w.files()).toEqual(['a-instance.json', 'b-instance.json']);
    expect(w.read('a-instance.json')).toMatchObject({
      instance: 'a-instance',
      pid: 1,
      tokens: [token('one')],
    });
    expect(w.read('b-instance.json')).toMatchObject({
      instance: 'b-instance',
      pid: 1,
      tokens: [token('two')],
    });
    first.attempts.close();
    second.attempts.close();
    expect(w.files()).toEqual([]);
  });

  it('is rewritten with a new beat every fifth of the lease while an attempt is held, and removed when none is', () => {
    vi.useFakeTimers();
    const w = world();
    const owner = w.worker();
    const release = owner.attempts.hold(token('one'));
    const [name] = w.files();
    const beats = [w.read(name!).beat];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(LEASE / 5);
      beats.push(w.read(name!).beat);
    }
    expect(beats).toEqual([1, 2, 3, 4, 5]);
    expect(w.read(name!).lease_ms).toBe(LEASE);
    release();
    expect(w.files()).toEqual([]);
    vi.advanceTimersByTime(LEASE);
    expect(w.files()).toEqual([]);
  });

  it('says which process holds what: the temporal identity is pid@host made unique by the instance id', () => {
    const instance = newWorkerInstance();
    expect(instance.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newWorkerInstance().id).not.toBe(instance.id);
    expect(temporalIdentity(instance)).toBe(`${process.pid}@${os.hostname()}/${instance.id}`);
  });
});

describe('reclaiming the attempts of stopped workers', () => {
  it("never fails a live worker's attempts, whatever its host and pid, however long it lives", async () => {
    vi.useFakeTimers();
    const w = world();
    // Same host, same pid as the reader: what two containers with a fixed host name look like.
    const live = w.worker({ instance: { id: 'live', host: os.hostname(), pid: process.pid } });
    live.attempts.hold(token('live attempt'));
    const reader = w.worker();
    for (let i = 0; i < 40; i++) {
      expect(await reader.attempts.reclaim()).toBe(0);
      vi.advanceTimersByTime(LEASE / 5); // the owner renews
      w.advance(LEASE / 5);
    }
    expect(reader.failed).toEqual([]);
    expect(w.files()).toEqual(['live.json']);
  });

  it("fails the attempts of a file unchanged for its lease on the reader's clock, then removes it", async () => {
    const w = world();
    w.put('gone.json', leaseOf('gone', [token('a'), token('b')]));
    const reader = w.worker();
    // A reader that just started knows nothing of the file's past: it waits one whole lease.
    expect(await reader.attempts.reclaim()).toBe(0);
    w.advance(LEASE - 1);
    expect(await reader.attempts.reclaim()).toBe(0);
    expect(reader.failed).toEqual([]);
    w.advance(1);
    expect(await reader.attempts.reclaim()).toBe(2);
    expect(reader.failed.map((f) => f.token)).toEqual([token('a'), token('b')]);
    for (const { failure } of reader.failed) {
      expect(failure.type).toBe(WORKER_LOST_FAILURE_TYPE);
      expect(failure.nonRetryable).toBe(false);
      expect(failure.message).toMatch(
        /the worker running this attempt stopped \(worker gone, process 1 on elsewhere/,
      );
    }
    expect(w.files()).toEqual([]);
    expect(await reader.attempts.reclaim()).toBe(0);
  });

  it('starts counting the lease again at each change of the file', async () => {
    const w = world();
    w.put('slow.json', leaseOf('slow', [token('a')], 1));
    const reader = w.worker();
    await reader.attempts.reclaim();
    w.advance(LEASE - 1);
    w.put('slow.json', leaseOf('slow', [token('a')], 2));
    await reader.attempts.reclaim();
    w.advance(LEASE - 1);
    expect(await reader.attempts.reclaim()).toBe(0);
    w.advance(1);
    expect(await reader.attempts.reclaim()).toBe(1);
  });

  it('goes by the lease the file states', async () => {
    const w = world();
    w.put('long.json', { ...leaseOf('long', [token('a')]), lease_ms: 3 * LEASE });
    const reader = w.worker();
    await reader.attempts.reclaim();
    w.advance(2 * LEASE);
    expect(await reader.attempts.reclaim()).toBe(0);
    w.advance(LEASE);
    expect(await reader.attempts.reclaim()).toBe(1);
  });

  it('never takes over its own file, however late its renewal', async () => {
    const w = world();
    const owner = w.worker();
    owner.attempts.hold(token('mine'));
    await owner.attempts.reclaim();
    w.advance(10 * LEASE);
    expect(await owner.attempts.reclaim()).toBe(0);
    expect(owner.failed).toEqual([]);
    expect(w.files()).toHaveLength(1);
    owner.attempts.close();
  });

  it('counts an attempt Temporal no longer knows as nothing, and still removes the file', async () => {
    const w = world();
    w.put('gone.json', leaseOf('gone', [token('ended'), token('running')]));
    const reader = w.worker({
      client: fakeClient((t) => {
        if (t === token('ended')) throw new ActivityNotFoundError('Not found');
      }),
    });
    await reader.attempts.reclaim();
    w.advance(LEASE);
    expect(await reader.attempts.reclaim()).toBe(1);
    expect(w.files()).toEqual([]);
  });

  it('tries again at the next look the attempts Temporal did not answer for, then gives up', async () => {
    const w = world();
    w.put('gone.json', leaseOf('gone', [token('a'), token('b')]));
    let down = true;
    const calls: string[] = [];
    const reader = w.worker({
      client: fakeClient((t) => {
        calls.push(t);
        if (down && t === token('b')) throw new Error('Temporal is restarting');
      }),
    });
    await reader.attempts.reclaim();
    w.advance(LEASE);
    expect(await reader.attempts.reclaim()).toBe(1);
    expect(w.read('gone.json').tokens).toEqual([token('b')]);
    w.advance(1000);
    down = false;
    expect(await reader.attempts.reclaim()).toBe(1);
    expect(calls).toEqual([token('a'), token('b'), token('b')]);
    expect(w.files()).toEqual([]);

    // Temporal gone for longer than a retry can help: the file goes.
    w.put('gone2.json', leaseOf('gone2', [token('c')]));
    down = true;
    const stubborn = w.worker({
      client: fakeClient(() => {
        throw new Error('Temporal is down');
      }),
    });
    await stubborn.attempts.reclaim();
    w.advance(LEASE);
    for (let i = 0; i < 40 && w.files().length > 0; i++) {
      expect(await stubborn.attempts.reclaim()).toBe(0);
      w.advance(1000);
    }
    expect(w.files()).toEqual([]);
  });

  it('skips and reports a malformed file once, goes on with the others, and removes it when nobody renews it', async () => {
    const w = world();
    const malformed: Record<string, string> = {
      'null.json': 'null',
      'tokens.json': JSON.stringify({ ...leaseOf('x', []), tokens: 'not a list' }),
      'garbage.json': '{"instance": "half a fi',
      'array.json': '[1, 2]',
      'no-lease.json': JSON.stringify({ instance: 'y', tokens: [token('t')] }),
      // What the previous version wrote: no lease, so nothing here can tell whether it lives.
      'vm-1.json': JSON.stringify({ host: 'vm', pid: 1, started: '123', tokens: [token('old')] }),
    };
    for (const [name, text] of Object.entries(malformed)) w.put(name, text);
    w.put('gone.json', leaseOf('gone', [token('a')]));
    const reader = w.worker();
    expect(await reader.attempts.reclaim()).toBe(0);
    w.advance(LEASE);
    expect(await reader.attempts.reclaim()).toBe(1);
    expect(reader.failed.map((f) => f.token)).toEqual([token('a')]);
    const skipped = reader.lines.filter((l) => l.msg === 'skipped a worker attempts file it cannot read');
    expect(skipped.map((l) => l.file).sort()).toEqual(Object.keys(malformed).sort());
    expect(skipped.every((l) => l.level === 40 && typeof l.reason === 'string')).toBe(true);
    expect(w.files()).toEqual([]);
  });

  it('removes leftover .tmp files nobody touches for a lease', async () => {
    const w = world();
    w.put('crashed.json.tmp', '{"instance": "crashed"');
    w.put('other.json.tmp', 'x');
    const reader = w.worker();
    await reader.attempts.reclaim();
    w.advance(LEASE - 1);
    // Rewritten meanwhile: a writer still busy with it.
    w.put('other.json.tmp', 'xy');
    await reader.attempts.reclaim();
    expect(w.files()).toEqual(['crashed.json.tmp', 'other.json.tmp']);
    w.advance(1);
    await reader.attempts.reclaim();
    expect(w.files()).toEqual(['other.json.tmp']);
    w.advance(LEASE);
    await reader.attempts.reclaim();
    expect(w.files()).toEqual([]);
  });

  it('leaves a file to the one worker whose rename claimed it', async () => {
    const w = world();
    w.put('gone.json', leaseOf('gone', [token('a')]));
    const readers = [w.worker(), w.worker()];
    for (const r of readers) await r.attempts.reclaim();
    w.advance(LEASE);
    const counts = await Promise.all(readers.map((r) => r.attempts.reclaim()));
    expect(counts.sort()).toEqual([0, 1]);
    expect(readers.flatMap((r) => r.failed)).toHaveLength(1);
  });

  it('keeps looking when the folder cannot be read', async () => {
    const w = world();
    const reader = w.worker();
    rmSync(w.dir, { recursive: true });
    expect(await reader.attempts.reclaim()).toBe(0);
    expect(existsSync(w.dir)).toBe(false);
  });
});

/** A socket file whose process is gone: a process listened on it and was killed. */
function deadSocket(file: string): void {
  const listenThenDie = `require('node:net').createServer().listen(${JSON.stringify(file)}, () => process.kill(process.pid, 'SIGKILL'))`;
  spawnSync(process.execPath, ['-e', listenThenDie]);
  if (!existsSync(file)) throw new Error(`no socket file at ${file}`);
}

/** Someone listening on a socket file, as a live worker does; closed after the spec. */
const listening: net.Server[] = [];
async function liveSocket(file: string): Promise<void> {
  const server = net.createServer((c) => c.destroy());
  listening.push(server);
  await new Promise<void>((resolve) => server.listen(file, resolve));
}
afterEach(async () => {
  await Promise.all(listening.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Waits for the owner's socket to be named in its file (it listens asynchronously). */
async function socketNamed(w: ReturnType<typeof world>, name: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const socket = w.read(name).socket;
    if (socket) return socket;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${name} names no socket`);
}

describe('a worker process known to be gone by its socket (local filesystems)', () => {
  it('listens on a socket of its own beside its file, names it there once it listens, and removes it on a clean stop', async () => {
    const w = world();
    const owner = w.worker({ instance: { id: 'owner', host: 'here', pid: 1 }, sockets: true });
    owner.attempts.hold(token('one'));
    expect(await socketNamed(w, 'owner.json')).toBe('owner.sock');
    expect(w.files()).toEqual(['owner.json', 'owner.sock']);
    owner.attempts.close();
    expect(w.files()).toEqual([]);
  });

  it('is taken over at the next look, long before its lease, when nothing listens on the socket its file names', async () => {
    const w = world();
    deadSocket(path.join(w.dir, 'gone.sock'));
    w.put('gone.json', { ...leaseOf('gone', [token('a')]), socket: 'gone.sock' });
    const reader = w.worker({ sockets: true });
    // The same instant it first sees the file: no time has passed on its clock.
    expect(await reader.attempts.reclaim()).toBe(1);
    expect(reader.failed[0]!.failure.message).toBe(
      'the worker running this attempt stopped (worker gone, process 1 on elsewhere: nothing listens on its socket)',
    );
    expect(reader.failed[0]!.failure.type).toBe(WORKER_LOST_FAILURE_TYPE);
    expect(w.files().filter((f) => f.startsWith('gone'))).toEqual([]);
  });

  it('is left alone while something listens on its socket, however long its file stays unchanged short of the lease', async () => {
    const w = world();
    await liveSocket(path.join(w.dir, 'frozen.sock'));
    // A live process whose event loop has not renewed its file: the kernel still answers for it.
    w.put('frozen.json', { ...leaseOf('frozen', [token('a')]), socket: 'frozen.sock' });
    const reader = w.worker({ sockets: true });
    for (let i = 0; i < 4; i++) {
      expect(await reader.attempts.reclaim()).toBe(0);
      w.advance(LEASE / 5);
    }
    expect(reader.failed).toEqual([]);
    // The lease still holds for a process that stops renewing for all of it.
    w.advance(LEASE / 5);
    expect(await reader.attempts.reclaim()).toBe(1);
    expect(reader.failed[0]!.failure.message).toMatch(/its lease not renewed for 5 s\)$/);
  });

  it('goes by the lease alone where the folder is not on a local filesystem, or the socket file is missing', async () => {
    const w = world();
    deadSocket(path.join(w.dir, 'remote.sock'));
    w.put('remote.json', { ...leaseOf('remote', [token('a')]), socket: 'remote.sock' });
    w.put('nosock.json', { ...leaseOf('nosock', [token('b')]), socket: 'nosock.sock' });
    // On NFS, SMB or FUSE a refused connection says nothing: the owner may live on another host.
    const remoteReader = w.worker({ sockets: false });
    expect(await remoteReader.attempts.reclaim()).toBe(0);
    const localReader = w.worker({ sockets: true });
    expect(await localReader.attempts.reclaim()).toBe(1);
    expect(localReader.failed.map((f) => f.token)).toEqual([token('a')]);
    w.advance(LEASE);
    expect(await localReader.attempts.reclaim()).toBe(1);
    expect(localReader.failed.map((f) => f.token)).toEqual([token('a'), token('b')]);
  });

  it('leaves its socket file behind when killed holding nothing: a reader removes it, and keeps a live one', async () => {
    const w = world();
    deadSocket(path.join(w.dir, 'killed.sock'));
    await liveSocket(path.join(w.dir, 'idle.sock'));
    const reader = w.worker({ sockets: true });
    expect(await reader.attempts.reclaim()).toBe(0);
    expect(w.files()).toContain('idle.sock');
    expect(w.files()).not.toContain('killed.sock');
  });

  it('takes only filesystems one machine mounts for local ones', () => {
    // ext4, xfs, btrfs, tmpfs, overlayfs, zfs, f2fs
    for (const t of [0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x794c7630, 0x2fc12fc1, 0xf2f52010])
      expect(isLocalFilesystem(t)).toBe(true);
    // nfs, smb2, cifs, fuse (sshfs, virtiofs, Docker Desktop's mounts), 9p, ceph, gfs2, ocfs2
    for (const t of [
      0x6969, 0xfe534d42, 0xff534d42, 0x65735546, 0x01021997, 0x00c36400, 0x01161970, 0x7461636f,
    ])
      expect(isLocalFilesystem(t)).toBe(false);
  });
});
