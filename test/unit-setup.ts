import { ensureFfmpeg } from '@vidgen/devstack';

/**
 * Once per unit run: the renderer's specs decode real ffmpeg output, so the pinned ffmpeg is
 * installed into .tools/ when no ffmpeg 6+ is configured or on PATH (a no-op afterwards).
 */
export default async function setup(): Promise<void> {
  await ensureFfmpeg({ envPath: process.env.PATH, log: (m) => process.stderr.write(`[unit-setup] ${m}\n`) });
}
