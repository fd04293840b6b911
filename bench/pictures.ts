/**
 * Drawing one scene picture at 1080×1920: the illustrator (libs/media/src/visualising) against
 * the pattern drawing it replaced (bench/pictures-baseline.ts), in alternating rounds in one
 * process, per picture. Also the first picture's cost (the artwork and the annotations load
 * then, once per process) and the resident memory that loading and drawing add.
 *
 *   node -r @swc-node/register bench/pictures.ts [--json file]
 */
import { illustrate } from '../libs/media/src/visualising/local-image.provider';
import { writeFigures } from './figures';
import { PatternDrawing } from './pictures-baseline';

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

async function main(): Promise<void> {
  const baseline = new PatternDrawing();
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
  // The pattern drawing first, so the canvas and its fonts are loaded before either is measured.
  await baseline.draw(input(0), WIDTH, HEIGHT);
  const before = rssMb();
  let t = performance.now();
  await illustrate(input(0));
  const firstMs = performance.now() - t;
  const afterFirst = rssMb();

  const times = { illustrator: [] as number[], pattern: [] as number[] };
  let peak = afterFirst;
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 === 0 ? (['pattern', 'illustrator'] as const) : (['illustrator', 'pattern'] as const);
    for (const who of order) {
      t = performance.now();
      for (let i = 0; i < DESCRIPTIONS.length; i++) {
        if (who === 'illustrator') await illustrate(input(i + round));
        else await baseline.draw(input(i + round), WIDTH, HEIGHT);
      }
      times[who].push((performance.now() - t) / DESCRIPTIONS.length);
      peak = Math.max(peak, rssMb());
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const figures = {
    'pictures.illustrator_ms_1080x1920': median(times.illustrator),
    'pictures.pattern_ms_1080x1920': median(times.pattern),
    'pictures.illustrator_over_pattern': median(times.illustrator) / median(times.pattern),
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
