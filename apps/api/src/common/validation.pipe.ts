import { type ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { type ValidationDetail, ValidationError } from '@vidgen/core';
import type { ValidationError as ClassValidatorError } from 'class-validator';

function flatten(errors: ClassValidatorError[], parent: (string | number)[] = []): ValidationDetail[] {
  return errors.flatMap((e) => {
    // An array item's index is a number; any other name (a query key "999…9" too) stays a string.
    const index = /^\d{1,9}$/.test(e.property) ? Number(e.property) : undefined;
    const loc = [...parent, index ?? e.property];
    const own = Object.values(e.constraints ?? {}).map((msg) => ({ loc, msg }));
    return [...own, ...flatten(e.children ?? [], loc)];
  });
}

/**
 * Global validation: whitelisting (unknown fields are a 422, not silently dropped) and
 * the details format of docs/api.md#errors, with loc starting at the request part ("body", "query").
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new ValidationError(flatten(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'custom' || !metadata.metatype || !this.toValidate(metadata)) return value;
    const where = metadata.type;
    if (where === 'body' && (value === undefined || value === null)) value = {};
    if ((where === 'body' || where === 'query') && (typeof value !== 'object' || Array.isArray(value))) {
      throw new ValidationError([{ loc: [where], msg: 'must be a JSON object' }]);
    }
    try {
      return await super.transform(value, metadata);
    } catch (err) {
      if (err instanceof ValidationError) {
        throw new ValidationError(err.details.map((d) => ({ loc: [where, ...d.loc], msg: d.msg })));
      }
      throw err;
    }
  }
}
