import { applyDecorators } from '@nestjs/common';
import { Matches } from 'class-validator';

/**
 * Narration must have something to say: at least one letter or digit (any script), and no NUL.
 * Stated in the document and checked at the edge, so text that would refine to nothing
 * ("narration has no speakable text") is refused at its field before it reaches a workflow.
 */
export const SPEAKABLE_PATTERN = '^[^\\u0000]*[0-9A-Za-z\\u00aa-\\uffff][^\\u0000]*$';

export const Speakable = () =>
  applyDecorators(
    Matches(new RegExp(SPEAKABLE_PATTERN), {
      message: 'narration must have speakable text (a letter or digit)',
    }),
  );
