import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@vidgen/auth';
import type { AppConfig } from '@vidgen/config';
import type { Request, Response } from 'express';

/** Secure when the public address is https or the request came over TLS. */
export function cookieIsSecure(config: AppConfig, req: Request): boolean {
  return config.publicBaseUrl.startsWith('https:') || req.secure;
}

/**
 * HttpOnly (page scripts never see it), SameSite=Lax (not sent on cross-site POSTs or
 * sub-requests), Path=/ (the dashboard at /dashboard calls the API at /api/v1), 7 days.
 */
export function setSessionCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS * 1000,
  });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
}
