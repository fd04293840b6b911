/**
 * `npm run tools:ffmpeg`: makes sure an ffmpeg of version 6 or newer is available, in the order
 * the renderer looks for one (FFMPEG_PATH, `ffmpeg` on PATH, the project-local install under
 * .tools/). Installs the pinned PyPI package imageio-ffmpeg (a static FFmpeg build) only when
 * none is found, so a second run is a no-op.
 */
import { loadConfig } from '@vidgen/config';
import { ensureFfmpeg } from '@vidgen/devstack';

const log = (msg: string) => console.log(`[tools:ffmpeg] ${msg}`);

ensureFfmpeg({ configured: loadConfig().ffmpegPath, envPath: process.env.PATH, log })
  .then((file) => log(file))
  .catch((err) => {
    console.error(`[tools:ffmpeg] ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });
