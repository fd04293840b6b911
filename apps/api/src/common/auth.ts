import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  AuthService,
  CSRF_HEADER,
  csrfTokenMatches,
  DashboardSessionService,
  type Principal,
  type Scope,
  SESSION_COOKIE,
} from '@vidgen/auth';
import { AuthError, PermissionDeniedError } from '@vidgen/core';
import type { Request } from 'express';
import { ApiErrors } from './api-errors';
import { cookieOf } from './cookies';
import { ApiSecurity } from './openapi-decorators';

const SCOPE_KEY = 'vidgen:scope';
const PUBLIC_KEY = 'vidgen:public';
const SESSION_ONLY_KEY = 'vidgen:session-only';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

/** Every authenticated endpoint names the one scope it needs (docs/api.md#scopes). */
export const RequireScope = (scope: Scope) =>
  applyDecorators(
    SetMetadata(SCOPE_KEY, scope),
    ApiSecurity('ApiKey'),
    // 429 (the per-key limit) is added to every secured operation by openapi-document.ts.
    ApiErrors(401, [403, `FORBIDDEN: the key lacks ${scope}`]),
  );

export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** A dashboard route: only a signed-in session may call it; an API key cannot (e.g. keys cannot mint keys). */
export const SessionOnly = () => SetMetadata(SESSION_ONLY_KEY, true);

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<Request>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without RequireScope');
  return principal;
});

/**
 * Global guard: authenticates the caller and checks the route's scope. A route that declares
 * neither a scope, @SessionOnly() nor @Public() is refused, so a new endpoint cannot ship
 * unprotected by accident.
 *
 * The caller is an API key (X-Api-Key) or a dashboard session (its cookie); a key wins when both
 * come. A session holds every scope of its account, so the dashboard goes through the very same
 * controllers and services as the REST API. Cookies ride along on cross-site requests, so every
 * state-changing request of a session must also carry the session's CSRF token (docs/dashboard.md).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly sessions: DashboardSessionService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(SCOPE_KEY, targets);
    const sessionOnly = this.reflector.getAllAndOverride<boolean>(SESSION_ONLY_KEY, targets) ?? false;
    if (!scope && !sessionOnly) {
      throw new Error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no scope`);
    }
    const req = ctx.switchToHttp().getRequest<Request>();
    const key = req.header('x-api-key');
    const sessionToken = cookieOf(req, SESSION_COOKIE);
    let principal: Principal;
    if (sessionOnly && key && !sessionToken) {
      throw new PermissionDeniedError(
        'This endpoint is for the signed-in dashboard; an API key cannot call it',
      );
    }
    if (sessionToken && (sessionOnly || !key)) {
      principal = await this.sessions.authenticate(sessionToken);
      if (!SAFE_METHODS.has(req.method) && !csrfTokenMatches(sessionToken, req.header(CSRF_HEADER))) {
        throw new PermissionDeniedError(
          'CSRF token missing or invalid: send the X-CSRF-Token header given by GET /api/v1/dashboard/session',
        );
      }
    } else {
      if (!key && req.header('authorization')) {
        throw new AuthError(
          'Authentication failed: send the API key in the X-Api-Key header, not Authorization',
        );
      }
      principal = await this.auth.authenticate(key);
    }
    if (scope) this.auth.authorize(principal, scope);
    req.principal = principal;
    return true;
  }
}
