/**
 * Twenty sentences of the kind a narrated explainer says: everyday words, numbers, names, a
 * question, clauses. Read by both speech benches (bench/speech.ts, bench/intelligibility.ts).
 */
export const SENTENCES = [
  'Honey bees visit about two million flowers to make one pound of honey.',
  'The river carries silt from the mountains to the sea, and the delta grows each year.',
  'In 1969, two astronauts walked on the surface of the Moon.',
  'Why does the sky look blue on a clear afternoon?',
  'Light from the sun is scattered by the air, and blue light is scattered the most.',
  'A cheetah can run faster than a car on a city street.',
  'Most of the water on our planet is salty and lies in the oceans.',
  'The old lighthouse still guides fishing boats home through the fog.',
  'Volcanoes build new land when their lava cools and turns into rock.',
  'Every winter, thousands of geese fly south to warmer lakes.',
  'The first bicycles had no pedals, so riders pushed them along with their feet.',
  'Bread rises because yeast makes tiny bubbles of gas inside the dough.',
  'Octopuses have three hearts and blue blood.',
  'The library opens at nine in the morning and closes at six in the evening.',
  'Wind turbines turn moving air into electricity for nearby towns.',
  'Coral reefs cover a small part of the ocean floor but shelter a quarter of its fish.',
  'A good night of sleep helps the brain store what it learned during the day.',
  'The train to the coast leaves from platform four every hour.',
  'Penguins cannot fly, but they are excellent swimmers.',
  'Maps from the Middle Ages often showed sea monsters at the edges of the known world.',
];
