import { capitalizeFirst, cutAtWord, hash32 } from '../common/text';
import type { Length } from './script.feedback';

/**
 * A scene's visual description: its subject first ("The draisine of 1817, …"), then a camera
 * shot and a light that vary from scene to scene, a feedback focus, and more detail when asked.
 */

const SHOTS = [
  'wide establishing shot',
  'close-up',
  'seen from above',
  'slow pan',
  'detailed view',
  'medium shot',
  'low-angle view',
  'soft-focus shot',
];
const LIGHTS = [
  'in warm golden light',
  'under a clear blue sky',
  'in soft morning light',
  'against a dark backdrop',
  'in bright natural light',
  'in cool evening light',
  'in gentle diffused light',
];
const LONG_EXTRAS = [
  'with rich background detail and texture',
  'with gentle depth of field and fine detail',
  'with vivid colours and layered texture',
  'with layered foreground detail and depth',
];

const MAX_DESCRIPTION_CHARS = 150;
const MAX_SUBJECT_CHARS = 70;

export interface VisualInput {
  subject: string;
  /** A feedback keyword to work into the picture. */
  focus?: string;
  length: Length;
  salt: string;
  index: number;
}

export function describeScene({ subject, focus, length, salt, index }: VisualInput): string {
  const parts = [capitalizeFirst(cutAtWord(subject, MAX_SUBJECT_CHARS)), rotate(SHOTS, salt, 'shot', index)];
  if (focus && !subject.toLowerCase().includes(focus.replace(/^the\s+/i, '').toLowerCase()))
    parts.push(`featuring ${focus}`);
  if (length !== 'short') parts.push(rotate(LIGHTS, salt, 'light', index));
  if (length === 'long') parts.push(rotate(LONG_EXTRAS, salt, 'long', index));
  // Whole parts are dropped rather than a part cut, so the description never ends mid-phrase.
  while (parts.length > 2 && parts.join(', ').length > MAX_DESCRIPTION_CHARS) parts.pop();
  return parts.join(', ');
}

/** A hashed starting point, then one step per scene, so neighbouring scenes never share a choice. */
export function rotate<T>(items: readonly T[], salt: string, tag: string, index: number): T {
  return items[(hash32(`${salt}\u0000${tag}`) + index) % items.length]!;
}
