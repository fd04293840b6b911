import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pipInstallTool, TOOLS_DIR } from './pip-tool';
import { freePort, waitFor } from './ports';
import { stopChild } from './temporal-dev-server';

/**
 * The S3-protocol server the tests store assets in (STORAGE_DRIVER=s3): moto's standalone
 * server, pinned so every run talks to the same implementation of the protocol.
 */
export const PINNED_MOTO = { package: 'moto[server]', version: '5.2.5' } as const;

export function projectMotoDir(): string {
  return path.join(TOOLS_DIR, `moto-${PINNED_MOTO.version}`);
}

const python = process.platform === 'win32' ? 'python' : 'python3';

/**
 * Runs moto's server and ends it when its parent goes, even by SIGKILL (a test run that dies
 * must not leave servers behind); argv after `-c` is moto_server's own.
 */
const SERVER_SCRIPT = [
  'import os, sys, threading, time',
  'parent = os.getppid()',
  'def watch():',
  '    while os.getppid() == parent: time.sleep(1)',
  '    os._exit(0)',
  'threading.Thread(target=watch, daemon=True).start()',
  'from moto.server import main',
  'sys.exit(main())',
].join('\n');

/** The pinned moto under .tools/, installed from PyPI with `pip install --target` the first time. */
export async function ensureMoto(options: { log?: (msg: string) => void } = {}): Promise<string> {
  const dir = projectMotoDir();
  if (!existsSync(path.join(dir, 'moto', '__init__.py'))) {
    options.log?.(`Installing ${PINNED_MOTO.package} ${PINNED_MOTO.version} from PyPI into .tools/`);
    await pipInstallTool(`${PINNED_MOTO.package}==${PINNED_MOTO.version}`, dir);
  }
  return dir;
}

export interface RunningS3Server {
  endpoint: string;
  bucket: string;
  /** The configuration that points vidgen's processes at this server and bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts moto's S3 server on a free port of 127.0.0.1 and creates `bucket` in it (path-style,
 * any credentials). Everything lives in the server's memory and goes when it stops.
 */
export async function startS3Server(
  options: { bucket?: string; log?: (msg: string) => void } = {},
): Promise<RunningS3Server> {
  const dir = await ensureMoto({ log: options.log });
  const bucket = options.bucket ?? 'vidgen-test';
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(python, ['-c', SERVER_SCRIPT, '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, PYTHONPATH: dir, PYTHONDONTWRITEBYTECODE: '1', PYTHONUTF8: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  // moto logs every request on stderr: only the tail is kept, for a server that fails to start.
  child.stderr?.on('data', (b: Buffer) => {
    err = (err + b.toString()).slice(-4000);
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  try {
    await waitFor(
      async () => {
        if (exited !== undefined) throw new Error(`moto_server exited with code ${exited}:\n${err}`);
        return fetch(`${endpoint}/`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeoutMs: 60_000, intervalMs: 200, what: `moto_server on ${endpoint}` },
    );
    const created = await fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
    if (!created.ok) throw new Error(`could not create bucket ${bucket}: ${created.status}`);
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => stopChild(child),
  };
}
