import { ApplicationFailure } from '@temporalio/activity';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './activity-input';

describe('parseInput', () => {
  const schema = z.object({ videoId: z.string().uuid(), attempt: z.number().int().default(1) });

  it('returns the input as the schema parses it', () => {
    const videoId = '00000000-0000-4000-8000-000000000001';
    expect(parseInput(schema, { videoId })).toEqual({ videoId, attempt: 1 });
  });

  it('refuses bad input with a non-retryable INVALID_INPUT failure', () => {
    const err = (() => {
      try {
        parseInput(schema, { videoId: 'nope' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApplicationFailure);
    expect(err).toMatchObject({ type: 'INVALID_INPUT', nonRetryable: true });
    expect((err as Error).message).toMatch(/^Invalid activity input: .*videoId/s);
  });
});
