import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { RenderError } from '../common/media.errors';

/**
 * Which ffmpeg to run: the configured one (FFMPEG_PATH), else the first `ffmpeg` on the given
 * PATH string, else the static build from @ffmpeg-installer/ffmpeg. PATH is passed in rather
 * than read here because only the start-up code reads the environment.
 */
export function resolveFfmpeg(configured?: string, envPath?: string): string {
  const explicit = configured?.trim();
  if (explicit) return explicit;

  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    if (isExecutableFile(candidate)) return candidate;
  }

  try {
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    if (isExecutableFile(installer.path)) return installer.path;
  } catch {
    // Optional at run time: platforms without a prebuilt binary simply do not have it.
  }
  throw new RenderError('ffmpeg not found: set FFMPEG_PATH or put ffmpeg on PATH');
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
