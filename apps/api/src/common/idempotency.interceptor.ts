import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { ValidationError } from '@vidgen/core';
import { IDEMPOTENCY_TTL_HOURS, IdempotencyStore, requestHash } from '@vidgen/limits';
import type { CreateKey } from '@vidgen/videos';
import type { Request, Response } from 'express';
import { catchError, from, type Observable, of, switchMap, throwError } from 'rxjs';
import { ApiErrors } from './api-errors';
import { ApiHeader } from './openapi-decorators';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const FINGERPRINT = 'vidgen:idempotent-fingerprint';

/**
 * What of a request the key's stored hash covers: the JSON body unless the route says otherwise
 * (a multipart upload's parsed fields and its file's bytes, for one).
 */
export type RequestFingerprint = (req: Request) => Promise<unknown>;

/** A request's claimed key and hash, for a create that records them in its own transaction. */
const claimed = new WeakMap<Request, CreateKey>();

/**
 * The Idempotency-Key this request claimed (none without a header): a create that records it in
 * the transaction that commits (a batch, a video, a translation) still finds its first result when the claim was freed
 * because the api died before answering (docs/decisions/0070-batch-durability-and-refunds.md).
 */
export function claimedKey(req: Request): CreateKey | undefined {
  return claimed.get(req);
}

/**
 * Honours an `Idempotency-Key` header: the same key with the same body returns the first
 * result (with `Idempotent-Replayed: true`), another body is 409 CONFLICT. See IdempotencyStore.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const key = req.header('idempotency-key');
    if (key === undefined || !req.principal) return next.handle();
    if (!KEY_PATTERN.test(key)) {
      throw new ValidationError([
        { loc: ['header', 'Idempotency-Key'], msg: 'must be 1-255 printable characters' },
      ]);
    }
    const accountId = req.principal.accountId;
    const route = `${req.method} ${req.route?.path ?? req.path}`;
    const status =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, ctx.getHandler()) ??
      (req.method === 'POST' ? 201 : 200);
    const fingerprint =
      this.reflector.get<RequestFingerprint | undefined>(FINGERPRINT, ctx.getHandler()) ??
      (async (r: Request) => r.body);
    const claim = fingerprint(req).then((f) => {
      const hash = requestHash(f);
      claimed.set(req, { key, hash, ttlHours: IDEMPOTENCY_TTL_HOURS });
      return this.store.claim(accountId, route, key, hash);
    });
    return from(claim).pipe(
      switchMap((claim) => {
        if (claim.kind === 'replay') {
          res.setHeader('Idempotent-Replayed', 'true');
          return of(claim.body);
        }
        return next.handle().pipe(
          switchMap((body) =>
            from(this.store.complete(accountId, route, key, status, body)).pipe(switchMap(() => of(body))),
          ),
          catchError((err) =>
            from(this.store.release(accountId, route, key)).pipe(switchMap(() => throwError(() => err))),
          ),
        );
      }),
    );
  }
}

/** `fingerprint`: what the key's hash covers when the JSON body is not the whole request. */
export const Idempotent = (options: { fingerprint?: RequestFingerprint } = {}) =>
  applyDecorators(
    SetMetadata('vidgen:idempotent', true),
    SetMetadata(FINGERPRINT, options.fingerprint),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Any 1-255 printable ASCII characters. The same key with the same body replays the first result for 24 h (with `Idempotent-Replayed: true`); with another body it is 409 CONFLICT',
      schema: { type: 'string', pattern: KEY_PATTERN.source },
    }),
    ApiErrors([409, 'CONFLICT: the Idempotency-Key was used with another body']),
  );
