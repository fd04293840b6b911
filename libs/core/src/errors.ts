/**
 * Domain errors. Libraries throw these; the api's single exception filter turns them into
 * the error bodies of docs/api.md#errors. Nothing else builds error JSON.
 */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
}

export abstract class DomainError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  override get name(): string {
    return this.constructor.name;
  }
}

export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;
  constructor(message = 'Missing or invalid API key') {
    super(message);
  }
}

/** The credential was sent in a way the API does not accept (e.g. `Authorization: Bearer`). */
export class AuthError extends DomainError {
  readonly code = 'AUTH_ERROR';
  readonly status = 401;
}

export class InvalidTokenError extends DomainError {
  readonly code = 'INVALID_TOKEN';
  readonly status = 401;
  constructor(message = 'API key is revoked or expired') {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
  constructor(scope: string) {
    super(`API key lacks the required scope: ${scope}`);
  }
}

/** FORBIDDEN for a reason other than a missing scope (a missing CSRF token, a key on a session-only route). */
export class PermissionDeniedError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
  constructor(what = 'Resource') {
    super(`${what} not found`);
  }
}

export class ConflictError extends DomainError {
  readonly code = 'CONFLICT';
  readonly status = 409;
}

export class InvalidStateError extends DomainError {
  readonly code = 'INVALID_STATE';
  readonly status = 409;
}

export class InsufficientCreditsError extends DomainError {
  readonly code = 'INSUFFICIENT_CREDITS';
  readonly status = 402;
  constructor(
    readonly required: number,
    readonly available: number,
  ) {
    super(`Insufficient credits: ${required} required, ${available} available`);
  }
}

export class InvalidPlanError extends DomainError {
  readonly code = 'INVALID_PLAN';
  readonly status = 400;
  constructor(plan: string) {
    super(`Plan does not exist: ${plan}`);
  }
}

export class PaymentFailedError extends DomainError {
  readonly code = 'PAYMENT_FAILED';
  readonly status = 400;
  constructor(message = 'Payment verification failed') {
    super(message);
  }
}

export class BadRequestError extends DomainError {
  readonly code = 'BAD_REQUEST';
  readonly status = 400;
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_ERROR';
  readonly status = 422;
  constructor(
    readonly details: ValidationDetail[],
    message = 'Request validation failed',
  ) {
    super(message);
  }
}

export class MaxConcurrentVideosError extends DomainError {
  readonly code = 'MAX_CONCURRENT_VIDEOS';
  readonly status = 429;
  constructor(limit: number) {
    super(`Concurrent video limit reached: at most ${limit} videos may be in progress`);
  }
}

/** The rate limiter's 429 uses the simple body ({"error": message}) and Retry-After (docs/api.md#errors). */
export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export class DatabaseError extends DomainError {
  readonly code = 'DATABASE_ERROR';
  readonly status = 500;
  constructor(message = 'A database operation failed') {
    super(message);
  }
}
