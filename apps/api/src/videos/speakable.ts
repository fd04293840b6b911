import { applyDecorators } from '@nestjs/common';
import { Matches } from 'class-validator';

/**
 * Narration must have something to say: at least one letter or digit (any script), and no NUL.
 * Stated in the document and checked at the edge, so text that would refine to nothing
 * ("narration has no speakable text") is refused at its field before it reaches a workflow.
 * Characters beyond U+FFFF are in the class as themselves (U+10000–U+10FFFF): JSON Schema
 * validators read a pattern by code points, so the api reads it with the `u` flag too.
 */
export const SPEAKABLE_PATTERN = '^[^\\u0000]*[0-9A-Za-z\\u00aa-\\uffff\u{10000}-\u{10ffff}][^\\u0000]*$';

export const Speakable = () =>
  applyDecorators(
    Matches(new RegExp(SPEAKABLE_PATTERN, 'u'), {
      message: 'narration must have speakable text (a letter or digit)',
    }),
  );
