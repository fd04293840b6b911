import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ValidationError } from '@vidgen/core';
import { TemplateService } from '@vidgen/videos';
import type { Request } from 'express';
import { from, type Observable, switchMap } from 'rxjs';

/**
 * POST /videos with `template_id`: the body becomes the one the template describes (its
 * request, the fields sent beside `template_id` in its place, the variables filled in) before
 * the validation pipe checks it, so a video made from a template passes every rule of one sent
 * whole. It runs after the Idempotency-Key check, which therefore compares the body as sent.
 */
@Injectable()
export class TemplateExpansionInterceptor implements NestInterceptor {
  constructor(private readonly templates: TemplateService) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const body = req.body as unknown;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !req.principal)
      return next.handle();
    const { template_id: templateId, variables, ...overrides } = body as Record<string, unknown>;
    if (templateId === undefined) {
      if (variables !== undefined) {
        throw new ValidationError([
          { loc: ['body', 'variables'], msg: 'variables are sent with template_id' },
        ]);
      }
      return next.handle();
    }
    if (typeof templateId !== 'string' || !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(templateId)) {
      throw new ValidationError([{ loc: ['body', 'template_id'], msg: 'template_id must be a UUID' }]);
    }
    if (
      variables !== undefined &&
      (variables === null || typeof variables !== 'object' || Array.isArray(variables))
    ) {
      throw new ValidationError([
        { loc: ['body', 'variables'], msg: 'variables must be an object of strings' },
      ]);
    }
    const accountId = req.principal.accountId;
    return from(this.templates.expand(accountId, templateId.toLowerCase(), variables ?? {}, overrides)).pipe(
      switchMap((expanded) => {
        req.body = expanded;
        return next.handle();
      }),
    );
  }
}

export const FromTemplate = () => UseInterceptors(TemplateExpansionInterceptor);
