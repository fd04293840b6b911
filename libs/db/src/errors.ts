const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P03',
]);

/**
 * True for errors raised by PostgreSQL or by the connection to it. The api maps these to
 * 500 DATABASE_ERROR; everything else unknown is INTERNAL_ERROR.
 */
export function isDatabaseFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const e = err as Error & { code?: unknown; severity?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || /^[0-9A-Z]{5}$/.test(e.code)))
    return true;
  if (typeof e.severity === 'string') return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
    e.message,
  );
}

/** SQLSTATE 23505: a unique constraint rejected the row. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** SQLSTATE 23514: a check constraint rejected the row. */
export function isCheckViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23514' && (constraint === undefined || e.constraint === constraint);
}
