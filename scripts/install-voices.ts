/**
 * `npm run voices:install -- NAME…`: installs Piper voices from the pinned checksum list into
 * VOICES_DIR (default DATA_DIR/voices); a file that fails its checksum is refused. With no name,
 * installs the default voice (en_US-joe-medium) into .tools/ unless a checked copy is there, as
 * `npm start` and `.ci/run` do.
 */
import { loadMediaConfig } from '@vidgen/config';
import { ensureDefaultPiperVoice, installPiperVoice } from '@vidgen/devstack';
import { PINNED_PIPER_VOICES, piperVoiceDirs } from '@vidgen/media';

const log = (msg: string) => console.log(`[voices:install] ${msg}`);

async function main(names: string[]): Promise<void> {
  const { voicesDir } = loadMediaConfig();
  if (names.length === 0) {
    log(await ensureDefaultPiperVoice({ dirs: piperVoiceDirs(voicesDir), log }));
    return;
  }
  for (const name of names) {
    if (!PINNED_PIPER_VOICES[name])
      throw new Error(
        `unknown voice ${name}; the pinned list has: ${Object.keys(PINNED_PIPER_VOICES).join(', ')}`,
      );
    log(await installPiperVoice(name, { dir: voicesDir, log }));
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`[voices:install] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
