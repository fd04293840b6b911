import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AuthService, type Principal, type Scope } from '@vidgen/auth';
import { AuthError } from '@vidgen/core';
import type { Request } from 'express';

const SCOPE_KEY = 'vidgen:scope';
const PUBLIC_KEY = 'vidgen:public';

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
    ApiUnauthorizedResponse({ description: 'UNAUTHORIZED or INVALID_TOKEN' }),
    ApiForbiddenResponse({ description: `FORBIDDEN: the key lacks ${scope}` }),
  );

export const Public = () => SetMetadata(PUBLIC_KEY, true);

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<Request>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without RequireScope');
  return principal;
});

/**
 * Global guard: authenticates X-Api-Key and checks the route's scope. A route that declares
 * neither a scope nor @Public() is refused, so a new endpoint cannot ship unprotected by accident.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(SCOPE_KEY, targets);
    if (!scope) throw new Error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no scope`);
    const req = ctx.switchToHttp().getRequest<Request>();
    const key = req.header('x-api-key');
    if (!key && req.header('authorization')) {
      throw new AuthError(
        'Authentication failed: send the API key in the X-Api-Key header, not Authorization',
      );
    }
    const principal = await this.auth.authenticate(key);
    this.auth.authorize(principal, scope);
    req.principal = principal;
    return true;
  }
}
