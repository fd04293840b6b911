/**
 * `true` only when each type is assignable to the other and both name the same fields. Response
 * DTO files use it to tie a documented class to the mapping function that renders the record,
 * so a field added, renamed or retyped on one side and not the other fails the type check.
 */
export type Equals<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;

/** Used as `assertSameShape<Equals<Dto, ReturnType<typeof toRecord>>>(true)`. */
export function assertSameShape<T extends true>(_proof: T): void {}

/** ISO 8601 without a zone suffix, microsecond precision (video, scene, asset and ledger records). */
export const NAIVE_MICROS = {
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}$',
  example: '2026-11-21T10:00:00.123456',
} as const;

/** ISO 8601 with a trailing Z, microsecond precision (webhook records and deliveries). */
export const ISO_Z_MICROS = {
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$',
  example: '2026-11-21T10:00:00.123456Z',
} as const;
