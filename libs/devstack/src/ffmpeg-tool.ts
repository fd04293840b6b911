import { ffmpegMajorVersion, PINNED_FFMPEG, projectFfmpegDir, resolveFfmpeg } from '@vidgen/media';
import { pipInstallTool } from './pip-tool';

/**
 * The ffmpeg the renderer will use, installing the pinned static build into .tools/ first when
 * none of version 6 or newer is configured or on PATH. Returns its path and version line.
 */
export async function ensureFfmpeg(options: {
  configured?: string;
  envPath?: string;
  log?: (msg: string) => void;
}): Promise<string> {
  let file: string;
  try {
    file = resolveFfmpeg(options.configured, options.envPath);
  } catch {
    options.log?.(`Installing ffmpeg (PyPI ${PINNED_FFMPEG.package} ${PINNED_FFMPEG.version}) into .tools/`);
    await pipInstallTool(`${PINNED_FFMPEG.package}==${PINNED_FFMPEG.version}`, projectFfmpegDir());
    file = resolveFfmpeg(options.configured, options.envPath);
  }
  return `${file} (ffmpeg ${ffmpegMajorVersion(file) ?? 'unknown version'})`;
}
