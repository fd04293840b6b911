// A browser's sign-in by a one-time link, reduced to its requests: opening the link shows a page
// (nothing spent), whose "Sign in" button POSTs the token with the page's nonce.
import { expect } from 'vitest';

/** What a sign-in link's page offers: its form's fields and the nonce cookie it set. */
export async function openLoginLink(origin: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}/dashboard/login?token=${token}`, { redirect: 'manual', headers });
  const html = await res.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const nonceCookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vidgen_login='))
    ?.split(';')[0];
  return { res, html, token: field('token'), nonce: field('nonce'), nonceCookie };
}

/** Presses the page's Sign in button: a same-origin form POST, as a browser sends it. */
export function pressSignIn(
  origin: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}/dashboard/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** Opens the link and presses Sign in; returns the session cookie (`vidgen_session=…`) and the page's nonce. */
export async function signInWithLink(
  origin: string,
  token: string,
): Promise<{ cookie: string; nonce: string }> {
  const page = await openLoginLink(origin, token);
  expect(page.res.status).toBe(200);
  const res = await pressSignIn(
    origin,
    { token: page.token!, nonce: page.nonce! },
    { Cookie: page.nonceCookie!, 'Sec-Fetch-Site': 'same-origin' },
  );
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/dashboard/videos');
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vidgen_session='))!
    .split(';')[0]!;
  return { cookie, nonce: page.nonce! };
}
