import type { LoggerService } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { createLogger, type Logger, logDestination } from '@vidgen/core';
import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { redactUrl } from './log-redaction';
import { requestIdOf } from './request-id';

/** Request lines are gathered up to this many bytes before they are written (below). */
export const LOG_BATCH_BYTES = 4096;
/** ...and whatever is waiting is written at least this often. */
export const LOG_BATCH_MS = 200;

/**
 * The api's one pino logger. Lines are written asynchronously, off the request's path, and in
 * batches: a write goes out once LOG_BATCH_BYTES have gathered, or at the next tick of a
 * LOG_BATCH_MS timer, whichever comes first, and pino writes what is pending on exit. One write
 * per line, each a hop through libuv's thread pool and a wake-up of the reader, cost the api more
 * CPU than building the line (docs/decisions/0046-batched-request-lines.md).
 */
export function createApiLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return createLogger(
    { level: config.logLevel, process: 'api' },
    logDestination() ??
      pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_BATCH_MS }),
  );
}

const HEALTH_PREFIX = '/api/v1/health';

/**
 * One line per request once its response is done: its id, method and URL (secret query values
 * redacted), the peer's address (the socket's, as before; not the X-Forwarded-For parse of
 * `req.ip`), the status and the time taken. No headers: the secrets they
 * carry (keys, cookies, CSRF tokens) are never read here, so there is nothing to redact, and a
 * line costs a fraction of a header dump (docs/decisions/0044-request-line-and-cpu-per-request.md).
 */
export function requestLogMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.url.startsWith(HEALTH_PREFIX)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('close', () => {
      const status = res.statusCode;
      const [level, msg] = !res.writableFinished
        ? (['warn', 'request aborted'] as const)
        : status >= 500
          ? (['error', 'request errored'] as const)
          : (['info', 'request completed'] as const);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: {
            id: requestIdOf(req),
            method: req.method,
            url: redactUrl(req.originalUrl),
            remoteAddress: req.socket.remoteAddress,
          },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        msg,
      );
    });
    next();
  };
}

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's logger (its own lines and every `new Logger(context)` in the api) on the api's pino
 * logger: `log(message, context)`, and `error({ err, requestId }, message, context)` as pino's
 * (fields, message) with the context as a field; an Error is logged as `err`.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    // Nest passes the calling Logger's context last.
    const fields: Record<string, unknown> = params.length > 0 ? { context: params.at(-1) } : {};
    const rest = params.slice(0, -1);
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, ...(rest as []));
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...message }, ...(rest as []));
    } else if (
      level === 'error' &&
      rest.length === 1 &&
      typeof rest[0] === 'string' &&
      /\n\s*at /.test(rest[0])
    ) {
      // Nest's own exception handler: (message, stack, context).
      const err = new Error(String(message));
      err.stack = rest[0];
      this.logger[level]({ ...fields, err });
    } else {
      this.logger[level](fields, String(message), ...(rest as []));
    }
  }
}
