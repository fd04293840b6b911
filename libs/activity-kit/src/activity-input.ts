import { ApplicationFailure } from '@temporalio/activity';
import type { z } from 'zod';

/**
 * Activity inputs are validated at entry, like request bodies at the api's edge: work
 * started from the worker side (a replay, an operator's retry) is checked too. Bad input is
 * a non-retryable failure: retrying it cannot help.
 */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid activity input: ${parsed.error.message}`, 'INVALID_INPUT');
  }
  return parsed.data;
}
