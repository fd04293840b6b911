import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    requestId?: string;
  }
}

/** Echo a sane X-Request-Id from the client, or make one; it is sent back as a header and in error bodies. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.header('x-request-id');
  const id = given && ACCEPTABLE.test(given) ? given : randomUUID();
  req.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export function requestIdOf(req: Request): string {
  if (!req.requestId) req.requestId = randomUUID();
  return req.requestId;
}
