import { FOREIGN, LIGHTS, LONG_EXTRAS, SHOTS } from '../common/camera-words';
import { capitalizeFirst, cutAtWord, hash32 } from '../common/text';
import type { Length } from './script.feedback';

/**
 * A scene's visual description: its subject first ("The draisine of 1817, …"), then a camera
 * shot and a light that vary from scene to scene, a feedback focus, and more detail when asked.
 */

const MAX_DESCRIPTION_CHARS = 150;
const MAX_SUBJECT_CHARS = 70;

export interface VisualInput {
  subject: string;
  /** Primary subtag of the script's language. */
  language: string;
  /** A feedback keyword to work into the picture. */
  focus?: string;
  length: Length;
  salt: string;
  index: number;
}

export function describeScene({ subject, language, focus, length, salt, index }: VisualInput): string {
  // "¿Por qué…" loses its question, so it loses the opening mark too.
  const head = capitalizeFirst(cutAtWord(subject.replace(/^[¿¡]+/u, ''), MAX_SUBJECT_CHARS));
  if (language !== 'en') {
    const words = FOREIGN[language];
    if (!words) return head;
    const parts = [head, rotate(words.shots, salt, 'shot', index)];
    if (focus && !subject.toLowerCase().includes(focus.toLowerCase())) parts.push(focus);
    if (length !== 'short') parts.push(rotate(words.lights, salt, 'light', index));
    while (parts.length > 2 && parts.join(', ').length > MAX_DESCRIPTION_CHARS) parts.pop();
    return parts.join(', ');
  }
  const parts = [head, rotate(SHOTS, salt, 'shot', index)];
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
