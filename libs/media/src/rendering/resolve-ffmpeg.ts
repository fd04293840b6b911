import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { RenderError } from '../common/media.errors';

/** The ffmpeg the project installs for itself: a static FFmpeg 9 build (libx264, libass, xfade) from PyPI. */
export const PINNED_FFMPEG = { package: 'imageio-ffmpeg', version: '0.8.1' } as const;
/** Older builds lack filters the renderer uses (xfade, a modern libass). */
export const MIN_FFMPEG_MAJOR = 6;

// Compiled (dist/libs/media/src/rendering), the root is one folder further up.
const REPO_ROOT = path.resolve(__dirname, __filename.endsWith('.js') ? '../../../../..' : '../../../..');

/** Where `npm run tools:ffmpeg` installs the pinned package (git-ignored). */
export function projectFfmpegDir(root = REPO_ROOT): string {
  return path.join(root, '.tools', `${PINNED_FFMPEG.package}-${PINNED_FFMPEG.version}`);
}

/** The binary inside the pinned package, when it is installed. */
export function projectFfmpeg(root = REPO_ROOT): string | undefined {
  const dir = path.join(projectFfmpegDir(root), 'imageio_ffmpeg', 'binaries');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const name = names.find((n) => n.startsWith('ffmpeg-') && !n.endsWith('.txt'));
  const file = name && path.join(dir, name);
  return file && isExecutableFile(file) ? file : undefined;
}

/** The major version an ffmpeg binary reports, or undefined when it does not run or says nothing parseable. */
export function ffmpegMajorVersion(file: string): number | undefined {
  try {
    const out = execFileSync(file, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
    const m = /^ffmpeg version n?(\d+)\./m.exec(out);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which ffmpeg to run: the configured one (FFMPEG_PATH) as given; else the first `ffmpeg` on
 * the given PATH string whose version is 6 or newer; else the pinned static build installed
 * under `.tools/` (`npm run tools:ffmpeg`, which `npm start`, the tests and CI run). PATH is
 * passed in rather than read here because only the start-up code reads the environment.
 */
export function resolveFfmpeg(configured?: string, envPath?: string, root = REPO_ROOT): string {
  const explicit = configured?.trim();
  if (explicit) return explicit;

  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    if (!isExecutableFile(candidate)) continue;
    if ((ffmpegMajorVersion(candidate) ?? 0) >= MIN_FFMPEG_MAJOR) return candidate;
  }

  const local = projectFfmpeg(root);
  if (local) return local;
  throw new RenderError(
    `ffmpeg ${MIN_FFMPEG_MAJOR} or newer not found: set FFMPEG_PATH, put one on PATH, or run npm run tools:ffmpeg`,
  );
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
