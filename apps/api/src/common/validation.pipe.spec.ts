import { ValidationPipe } from '@nestjs/common';
import { ValidationError } from '@vidgen/core';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ListVideosQuery } from '../videos/videos.dto';
import { ApiValidationPipe, QUERY_MEMO_ENTRIES, QUERY_MEMO_KEY_CHARS } from './validation.pipe';

const CURSOR = '1795255200123456_0b7e3b6a-5b1c-4f0e-9d55-2f6f2a1c0d01';
/** A valid cursor per number: the number is its timestamp. */
const cursor = (n: number) => `${n}_0b7e3b6a-5b1c-4f0e-9d55-2f6f2a1c0d01`;

describe('ApiValidationPipe: validated query DTOs kept by query string', () => {
  let pipe: ApiValidationPipe;
  let validations: MockInstance;
  const query = (value: Record<string, unknown>) =>
    pipe.transform(value, { type: 'query', metatype: ListVideosQuery }) as Promise<ListVideosQuery>;
  const refusal = (value: Record<string, unknown>) =>
    query(value).then(
      () => expect.unreachable('accepted'),
      (err: unknown) => {
        expect(err).toBeInstanceOf(ValidationError);
        return (err as ValidationError).details;
      },
    );

  beforeEach(() => {
    pipe = new ApiValidationPipe();
    validations = vi.spyOn(ValidationPipe.prototype, 'transform');
  });
  afterEach(() => validations.mockRestore());

  it('validates a query string once and hands each request its own copy of the same DTO', async () => {
    const first = await query({ limit: '20', status: 'completed' });
    const second = await query({ limit: '20', status: 'completed' });
    expect(validations).toHaveBeenCalledTimes(1);
    expect(second).toBeInstanceOf(ListVideosQuery);
    expect(second).toEqual(first);
    expect(second).toMatchObject({ limit: 20, status: 'completed' });
    expect(second).not.toBe(first);
    expect(Object.isFrozen(second)).toBe(false);
    second.limit = 99;
    expect(await query({ limit: '20', status: 'completed' })).toMatchObject({ limit: 20 });
    expect(first.limit).toBe(20);
  });

  it('keeps the defaults a query left out, and tells queries apart by every name and value', async () => {
    expect(await query({})).toMatchObject({ limit: 20 });
    expect(await query({})).toMatchObject({ limit: 20 });
    expect(await query({ limit: '5' })).toMatchObject({ limit: 5 });
    expect(await query({ limit: '5', cursor: CURSOR })).toMatchObject({ limit: 5, cursor: CURSOR });
    expect(validations).toHaveBeenCalledTimes(3);
  });

  it('refuses an invalid query every time with the same details, and keeps nothing of it', async () => {
    const details = [{ loc: ['query', 'limit'], msg: 'limit must not be greater than 100' }];
    expect(await refusal({ limit: '101' })).toEqual(details);
    expect(await refusal({ limit: '101' })).toEqual(details);
    expect(await refusal({ limit: '20', extra: 'x' })).toEqual([
      { loc: ['query', 'extra'], msg: 'property extra should not exist' },
    ]);
    expect(validations).toHaveBeenCalledTimes(3);
  });

  it('does not confuse a value that looks like two fields with the two fields', async () => {
    await query({ limit: '20', status: 'completed' });
    const details = await refusal({ limit: '20","status":"completed' });
    expect(details.map((d) => d.loc)).toContainEqual(['query', 'limit']);
  });

  it('validates afresh a repeated name, a long query and a body', async () => {
    await refusal({ limit: ['20', '20'] });
    await refusal({ limit: ['20', '20'] });
    const long = { limit: '20', cursor: 'A'.repeat(QUERY_MEMO_KEY_CHARS) };
    await refusal(long);
    await refusal(long);
    const create = { type: 'body' as const, metatype: ListVideosQuery };
    await pipe.transform({ limit: 3 }, create).catch(() => undefined);
    await pipe.transform({ limit: 3 }, create).catch(() => undefined);
    expect(validations).toHaveBeenCalledTimes(6);
  });

  it('keeps at most QUERY_MEMO_ENTRIES query strings, dropping the oldest first', async () => {
    const limits = Array.from({ length: QUERY_MEMO_ENTRIES + 1 }, (_, i) => ({ cursor: cursor(i + 1) }));
    for (const q of limits) await query(q);
    expect(validations).toHaveBeenCalledTimes(QUERY_MEMO_ENTRIES + 1);
    await query(limits[QUERY_MEMO_ENTRIES]!);
    expect(validations).toHaveBeenCalledTimes(QUERY_MEMO_ENTRIES + 1);
    await query(limits[0]!);
    expect(validations).toHaveBeenCalledTimes(QUERY_MEMO_ENTRIES + 2);
  });
});
