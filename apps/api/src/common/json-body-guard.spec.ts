import { ValidationError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { checkJsonBody, MAX_JSON_DEPTH } from './json-body-guard';

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

function detailsOf(fn: () => void) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).details;
  }
  throw new Error('no error');
}

describe('checkJsonBody', () => {
  it('passes ordinary bodies, nesting up to the limit included', () => {
    expect(() =>
      checkJsonBody({ prompt: 'Bees', scenes: [{ narration: 'Hi.' }], n: 1, ok: true }),
    ).not.toThrow();
    expect(() => checkJsonBody(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => checkJsonBody(undefined)).not.toThrow();
  });

  it('refuses nesting beyond the limit at body, however deep, without exhausting the stack', () => {
    expect(detailsOf(() => checkJsonBody(nested(MAX_JSON_DEPTH + 1)))).toEqual([
      { loc: ['body'], msg: `JSON nested more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
    expect(() => checkJsonBody(nested(200_000))).toThrow(ValidationError);
  });

  it('refuses a NUL character in any string or key, naming the field', () => {
    expect(detailsOf(() => checkJsonBody({ prompt: 'a\u0000b' }))[0]!.loc).toEqual(['body', 'prompt']);
    expect(
      detailsOf(() => checkJsonBody({ scenes: [{ narration: 'x' }, { narration: '\u0000' }] }))[0]!.loc,
    ).toEqual(['body', 'scenes', 1, 'narration']);
    expect(detailsOf(() => checkJsonBody({ 'k\u0000': 1 }))[0]!.loc).toEqual(['body']);
  });
});
