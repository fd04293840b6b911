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

/** Distinct query strings whose validated DTO is kept, per DTO class, and the longest kept. */
export const QUERY_MEMO_ENTRIES = 500;
export const QUERY_MEMO_KEY_CHARS = 256;

/**
 * The key of a query object whose values are all single strings (`?limit=20&status=completed`):
 * its JSON, so names and values keep the order the client sent them. Anything else (a repeated
 * name, which the parser makes an array) or a long query has no key and is validated afresh.
 */
function queryKey(query: object): string | undefined {
  if (!Object.values(query).every((v) => typeof v === 'string')) return undefined;
  const key = JSON.stringify(query);
  return key.length <= QUERY_MEMO_KEY_CHARS ? key : undefined;
}

/** A DTO whose fields are all primitives: a shallow copy of it is a full copy. */
function flat(dto: object): boolean {
  return Object.values(dto).every((v) => v === null || typeof v !== 'object');
}

/** A copy of a flat DTO, of its class. */
function copy<T extends object>(dto: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(dto) as object) as T, dto);
}

/**
 * Global validation: whitelisting (unknown fields are a 422, not silently dropped) and
 * the details format of docs/api.md#errors, with loc starting at the request part ("body", "query").
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  /**
   * Validated query DTOs by class and query string. Validating a query is a function of its string
   * alone (no query DTO reads the clock or the database), and class-transformer with
   * class-validator took about a tenth of a list request's CPU, for the few query strings a client
   * repeats (a dashboard polling its first page). Each hit hands out a copy, so no request sees
   * another's changes; refusals are not kept
   * (docs/decisions/0047-the-api-at-0-6x-and-150-mb.md#query-dtos-kept).
   */
  private readonly validQueries = new Map<unknown, Map<string, object>>();

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
    const memo = where === 'query' ? this.queryMemo(metadata.metatype) : undefined;
    const key = memo && queryKey(value as object);
    const kept = key === undefined ? undefined : memo?.get(key);
    if (kept) return copy(kept);
    try {
      const dto: unknown = await super.transform(value, metadata);
      if (memo && key !== undefined && typeof dto === 'object' && dto !== null && flat(dto)) {
        if (memo.size >= QUERY_MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
        memo.set(key, Object.freeze(copy(dto)));
      }
      return dto;
    } catch (err) {
      if (err instanceof ValidationError) {
        throw new ValidationError(err.details.map((d) => ({ loc: [where, ...d.loc], msg: d.msg })));
      }
      throw err;
    }
  }

  private queryMemo(metatype: unknown): Map<string, object> {
    let memo = this.validQueries.get(metatype);
    if (!memo) {
      memo = new Map();
      this.validQueries.set(metatype, memo);
    }
    return memo;
  }
}
