import { ValidationError } from '@vidgen/core';
import type { NextFunction, Request, Response } from 'express';

/** Deeper than any body of this API; deeper still only exhausts recursive code further in. */
export const MAX_JSON_DEPTH = 32;

/**
 * Checks a parsed JSON body before anything recursive or the database sees it: nesting beyond
 * MAX_JSON_DEPTH is a 422 at `body`, and a NUL character in any string or key (PostgreSQL text
 * cannot hold one) is a 422 at that field. Walks with an explicit stack, so no input can
 * overflow it.
 */
export function checkJsonBody(body: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw nulError(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      throw new ValidationError([
        { loc: ['body'], msg: `JSON nested more than ${MAX_JSON_DEPTH} levels deep` },
      ]);
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value as Record<string, unknown>);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.includes('\u0000')) throw nulError(path);
      stack.push({ value: child, path: [...path, key] });
    }
  }
}

function nulError(path: (string | number)[]): ValidationError {
  return new ValidationError([{ loc: ['body', ...path], msg: 'must not contain NUL (\\u0000) characters' }]);
}

export function jsonBodyGuard(req: Request, _res: Response, next: NextFunction): void {
  try {
    checkJsonBody(req.body);
    next();
  } catch (err) {
    next(err);
  }
}
