import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DomainError, RateLimitedError, ValidationError } from '@vidgen/core';
import { isDatabaseFailure } from '@vidgen/db';
import type { Request, Response } from 'express';
import { requestIdOf } from './request-id';

const logger = new Logger('Errors');

const HTTP_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
};

/**
 * The one place that turns an error into the error bodies of docs/api.md#errors:
 * - standard: {"error": {"code", "message", "request_id", "details"?}}
 * - rate limiter: {"error": "<message>"} with Retry-After
 * Unknown errors become INTERNAL_ERROR (or DATABASE_ERROR) without leaking internals.
 */
export function renderError(err: unknown, req: Request, res: Response): void {
  // A response already under way (a stream that failed mid-way) cannot take an error body, and
  // setting a header now would throw; cut the connection so the client sees it is incomplete.
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const requestId = requestIdOf(req);
  res.setHeader('X-Request-Id', requestId);

  if (err instanceof RateLimitedError) {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
    res.status(429).json({ error: err.message });
    return;
  }
  let status: number;
  let code: string;
  let message: string;
  let details: unknown;
  if (err instanceof DomainError) {
    status = err.status;
    code = err.code;
    message = err.message;
    if (err instanceof ValidationError) details = err.details;
    if (status >= 500) logger.error({ err, requestId }, message);
  } else if (isBodyParserError(err)) {
    status = 400;
    code = 'BAD_REQUEST';
    message =
      err.type === 'entity.parse.failed'
        ? 'Malformed JSON in request body'
        : `Invalid request body: ${err.message}`;
  } else if (err instanceof HttpException) {
    status = err.getStatus();
    code = HTTP_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
    message =
      status === 404 ? `Route not found: ${req.method} ${req.originalUrl.split('?')[0]}` : err.message;
    if (status === 405) {
      status = 404;
      code = 'NOT_FOUND';
    }
  } else if (isDatabaseFailure(err)) {
    status = 500;
    code = 'DATABASE_ERROR';
    message = 'A database operation failed';
    logger.error({ err, requestId }, 'database failure');
  } else {
    status = 500;
    code = 'INTERNAL_ERROR';
    message = 'Internal server error';
    logger.error({ err, requestId }, 'unhandled error');
  }
  const body: Record<string, unknown> = { code, message, request_id: requestId };
  if (details !== undefined) body.details = details;
  res.status(status).json({ error: body });
}

function isBodyParserError(err: unknown): err is Error & { type: string; status: number } {
  return err instanceof Error && typeof (err as { type?: unknown }).type === 'string' && 'status' in err;
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    renderError(exception, ctx.getRequest<Request>(), ctx.getResponse<Response>());
  }
}
