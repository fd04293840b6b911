import type { AddressInfo } from 'node:net';
import { loadConfig } from '@vidgen/config';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearSessionCookie, cookieIsSecure, setSessionCookie } from './session-cookie';

describe('the session cookie', () => {
  let server: ReturnType<express.Express['listen']>;
  let base: string;

  beforeAll(async () => {
    const app = express();
    for (const [path, publicBaseUrl] of [
      ['/http', 'http://localhost:8080'],
      ['/https', 'https://videos.example.com'],
    ] as const) {
      const config = loadConfig({ PUBLIC_BASE_URL: publicBaseUrl });
      app.get(path, (req, res) => {
        setSessionCookie(res, 'a'.repeat(43), cookieIsSecure(config, req));
        res.end();
      });
    }
    app.get('/out', (_req, res) => {
      clearSessionCookie(res);
      res.end();
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const attributes = async (path: string) =>
    (await fetch(`${base}${path}`)).headers
      .get('set-cookie')!
      .split(';')
      .map((p) => p.trim());

  it('is HttpOnly, SameSite=Lax, for the whole origin, for 7 days', async () => {
    const a = await attributes('/http');
    expect(a[0]).toBe(`vidgen_session=${'a'.repeat(43)}`);
    expect(a).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=604800']));
    expect(a).not.toContain('Secure');
  });

  it('is Secure when the public address is https', async () => {
    expect(await attributes('/https')).toContain('Secure');
  });

  it('is cleared on sign-out', async () => {
    const a = await attributes('/out');
    expect(a[0]).toBe('vidgen_session=');
    expect(a.some((p) => p.startsWith('Expires=Thu, 01 Jan 1970'))).toBe(true);
  });
});
