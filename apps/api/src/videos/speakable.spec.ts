import { describe, expect, it } from 'vitest';
import { ApiValidationPipe } from '../common/validation.pipe';
import { UpdateSceneDto } from './scene-edits.dto';
import { SPEAKABLE_PATTERN } from './speakable';

/** JSON Schema validators read a pattern by code points, as a RegExp with the `u` flag does. */
const documented = new RegExp(SPEAKABLE_PATTERN, 'u');
const pipe = new ApiValidationPipe();
const accepted = (narration: string) =>
  pipe.transform({ narration }, { type: 'body', metatype: UpdateSceneDto }).then(
    () => true,
    () => false,
  );

describe('speakable narration: the document and the api agree', () => {
  it.each([
    ['a letter beyond the BMP', '\u{2889F}.', true],
    ['Latin text', 'Bees.', true],
    ['a digit', '42', true],
    ['punctuation only', '...!', false],
    ['an emoji only', '\u{1F41D}', true],
    ['NUL beside a letter', 'a\u0000', false],
  ])('%s', async (_what, narration, speakable) => {
    expect(documented.test(narration)).toBe(speakable);
    expect(await accepted(narration)).toBe(speakable);
  });
});
