// `npm run voices:espeak`: writes the local speech provider's voice catalogue, read from the
// espeak-ng data of the installed package, to libs/media/src/narrating/espeak-catalogue.json.
// Run it after upgrading espeak-ng; the catalogue spec fails while the file and the data differ.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readEspeakCatalogue } from '@vidgen/media';

const OUT = path.join(__dirname, '..', 'libs', 'media', 'src', 'narrating', 'espeak-catalogue.json');

readEspeakCatalogue()
  .then((voices) => {
    writeFileSync(OUT, `${JSON.stringify(voices, null, 2)}\n`);
    // In the layout the formatter keeps (npm run lint checks it).
    execFileSync(process.execPath, [require.resolve('@biomejs/biome/bin/biome'), 'format', '--write', OUT]);
    console.log(`[voices:espeak] ${voices.length} voices → ${path.relative(process.cwd(), OUT)}`);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
