import { ensureDefaultPiperVoice, ensureFfmpeg } from '@vidgen/devstack';

/**
 * Once per unit run: the renderer's specs decode real ffmpeg output, so the pinned ffmpeg is
 * installed into .tools/ when no ffmpeg 6+ is configured or on PATH (a no-op afterwards); the
 * Piper specs speak with the default voice, installed the same way and checked by its sha256.
 */
export default async function setup(): Promise<void> {
  const log = (m: string) => process.stderr.write(`[unit-setup] ${m}\n`);
  await ensureFfmpeg({ envPath: process.env.PATH, log });
  await ensureDefaultPiperVoice({ log });
}
