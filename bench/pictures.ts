/**
 * Drawing one scene picture at 1080×1920 with the illustrator (libs/media/src/visualising), per
 * picture; also the first picture's cost (the artwork and the annotations load then, once per
 * process) and the resident memory that loading and drawing add. The pattern drawing it replaced
 * is gone; its last figures are in bench/JOURNAL.md (2026-11-28).
 *
 *   node -r @swc-node/register bench/pictures.ts [--json file]
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { FONT_FAMILY, FONT_FILES, illustrate } from '@vidgen/media';
import { writeFigures } from './figures';

const WIDTH = 1080;
const HEIGHT = 1920;
const ROUNDS = 4;
const DESCRIPTIONS: [string, string][] = [
  ['en', 'Three hearts pumping blue blood, close-up'],
  ['en', 'An octopus in the sea with a fish and a crab'],
  ['es', 'el perro corre en la playa'],
  ['de', 'Die Katze schläft in der Küche'],
  ['fr', 'Une fusée dans l’espace'],
  ['it', 'Un arcobaleno sopra la foresta'],
  ['en', 'A camel crossing the desert at night'],
  ['en', 'Bananas, apples, oranges and strawberries on a table'],
  ['en', 'A bicycle in the city'],
  ['en', 'Penguins on the snow'],
  ['en', 'The Roman Empire at its height'],
  ['en', 'Bees around a hive in the meadow'],
];

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/**
 * The canvas library and the fonts loaded and used once, so the first picture's figures are the
 * illustrator's own loading, as when the pattern drawing went first.
 */
async function warmCanvas(): Promise<void> {
  for (const file of Object.values(FONT_FILES)) GlobalFonts.registerFromPath(file, FONT_FAMILY);
  const picture = createCanvas(WIDTH, HEIGHT);
  const ctx = picture.getContext('2d');
  ctx.font = `64px "${FONT_FAMILY}"`;
  ctx.fillText('Warming up', 100, 200);
  await picture.encode('png');
}

async function main(): Promise<void> {
  const input = (i: number) => ({
    description: DESCRIPTIONS[i % DESCRIPTIONS.length]![1],
    language: DESCRIPTIONS[i % DESCRIPTIONS.length]![0],
    sceneIndex: i,
    sceneCount: DESCRIPTIONS.length,
    aspectRatio: '9:16' as const,
    seed: `bench-${i % 3}`,
    width: WIDTH,
    height: HEIGHT,
  });
  await warmCanvas();
  const before = rssMb();
  let t = performance.now();
  await illustrate(input(0));
  const firstMs = performance.now() - t;
  const afterFirst = rssMb();

  const times: number[] = [];
  let peak = afterFirst;
  for (let round = 0; round < ROUNDS; round++) {
    t = performance.now();
    for (let i = 0; i < DESCRIPTIONS.length; i++) await illustrate(input(i + round));
    times.push((performance.now() - t) / DESCRIPTIONS.length);
    peak = Math.max(peak, rssMb());
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const figures = {
    'pictures.illustrator_ms_1080x1920': median(times),
    'pictures.first_picture_ms': firstMs,
    'pictures.rss_growth_first_mb': afterFirst - before,
    'pictures.rss_growth_total_mb': peak - before,
  };
  console.table(figures);
  writeFigures(figures);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
