/** Prompts the local planner's specs write scripts for, and what the scripts must then say. */

export const BEES =
  'A short explainer about how bees make honey. Show the hive, the flowers, and the beekeeper.';
export const ROME =
  'The Roman Empire rose from a small city on the Tiber. It conquered the whole Mediterranean. ' +
  'Its roads and laws outlived it. Then it split in two and the western half fell in 476.';

export const ROME_SENTENCES = [
  'The Roman Empire rose from a small city on the Tiber.',
  'It conquered the whole Mediterranean.',
  'Its roads and laws outlived it.',
  'Then it split in two and the western half fell in 476.',
];

export const BICYCLE =
  'A short documentary about the history of the bicycle. Start with the draisine of 1817. ' +
  'Then the velocipede of the 1860s. Then the penny-farthing. End with the future of urban cycling.';
export const BICYCLE_LINES = [
  'This video is about the history of the bicycle.',
  'It begins with the draisine of 1817.',
  'Next comes the velocipede of the 1860s.',
  'Then comes the penny-farthing.',
  'It ends with the future of urban cycling.',
];

export const narrationOf = (scenes: { narration: string }[]) => scenes.map((s) => s.narration).join(' ');
export const allText = (scenes: { narration: string; visual_description: string }[]) =>
  scenes.map((s) => `${s.visual_description} ${s.narration}`).join(' ');
