/**
 * PostgreSQL could not be reached or did not answer in time: a connection or a statement ran
 * past its bound (DATABASE_TIMEOUT_MS), or the connection broke. The connection involved has
 * been discarded; the next operation gets a fresh one.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

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
 * True when `err`, or what it wraps, is PostgreSQL not answering (DatabaseUnavailableError: a
 * frozen, restarting or unreachable server), as against an error the server reported.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  return err.cause !== undefined && depth < 3 && isDatabaseUnavailable(err.cause, depth + 1);
}

/**
 * True for errors raised by PostgreSQL or by the connection to it. The api maps these to
 * 500 DATABASE_ERROR; everything else unknown is INTERNAL_ERROR.
 */
export function isDatabaseFailure(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  // A layer that wrapped the failure (new Error(…, { cause })) does not make it something else.
  if (err.cause !== undefined && depth < 3 && isDatabaseFailure(err.cause, depth + 1)) return true;
  const e = err as Error & { code?: unknown; severity?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || /^[0-9A-Z]{5}$/.test(e.code)))
    return true;
  if (typeof e.severity === 'string') return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|is not queryable/i.test(
    e.message,
  );
}

/**
 * An error the server reported for one statement (a constraint, a cancelled statement, a
 * syntax error): the connection stays usable. FATAL and PANIC reports end the session.
 */
export function isServerError(err: unknown): boolean {
  const severity = (err as { severity?: unknown } | undefined)?.severity;
  return typeof severity === 'string' && severity !== 'FATAL' && severity !== 'PANIC';
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
