import { applyDecorators } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';

/**
 * The value an optional input field takes when the client leaves it out or sends null, set
 * by the validation pipe's class-transformer pass (so validators see it too). @Expose makes
 * class-transformer visit the field even when the input lacks it.
 */
export const Default = (fallback: unknown) =>
  applyDecorators(
    Expose(),
    Transform(({ value }) => value ?? fallback),
  );
