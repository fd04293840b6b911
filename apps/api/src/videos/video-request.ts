import { type ValidationDetail, ValidationError } from '@vidgen/core';
import type { CreateVideoInput } from '@vidgen/videos';
import { ApiValidationPipe } from '../common/validation.pipe';
import { CreateVideoDto, toCreateVideoInput } from './create-video.dto';

const pipe = new ApiValidationPipe();

/**
 * A POST /videos body that did not come in as one (a template's `request`, a batch row made
 * from a template), checked by the same rules; its problems are reported under `loc` instead
 * of `["body"]`.
 */
export async function checkVideoRequest(
  raw: Record<string, unknown>,
  loc: (string | number)[],
): Promise<CreateVideoInput> {
  const moved = (details: ValidationDetail[]) =>
    new ValidationError(details.map((d) => ({ loc: [...loc, ...d.loc.slice(1)], msg: d.msg })));
  try {
    const dto = (await pipe.transform(structuredClone(raw), {
      type: 'body',
      metatype: CreateVideoDto,
    })) as CreateVideoDto;
    return toCreateVideoInput(dto);
  } catch (err) {
    if (err instanceof ValidationError) throw moved(err.details);
    throw err;
  }
}
